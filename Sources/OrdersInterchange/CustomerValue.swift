/// The `customer` member of an order in a JSON file: the contract's object {name, email, phone, key},
/// or, in files written before it, the customer's name alone (with `email`, `phone` and
/// `customer_key` as members of the order).
enum CustomerValue: Decodable {
    struct Object: Decodable {
        var name: String
        /// Null (or absent) for an order placed by phone.
        var email: String?
        var phone: String?
        var key: String?
    }

    case name(String)
    case object(Object)

    var name: String {
        switch self {
        case .name(let name): name
        case .object(let object): object.name
        }
    }

    init(from decoder: Decoder) throws {
        if let container = try? decoder.singleValueContainer(), let name = try? container.decode(String.self) {
            self = .name(name)
        } else {
            // Anything but text must be the object; its errors name the member that is wrong.
            self = .object(try Object(from: decoder))
        }
    }
}
