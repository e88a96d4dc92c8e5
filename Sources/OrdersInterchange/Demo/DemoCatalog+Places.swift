import Foundation
import OrdersCore

/// Where demo customers live: per shipping country, the phone prefix, how a street line is written,
/// cities with a real postcode and region, and a street of each city (`streets[i]` is in `cities[i]`).
extension DemoCatalog {
    /// How a country writes the street line of an address.
    enum StreetStyle: Sendable {
        /// "12 Main St"
        case numberFirst
        /// "Hauptstraße 12"
        case numberAfter
        /// "Calle Mayor, 12"
        case numberAfterComma
        /// "南京东路12号"
        case chinese
        /// "神南1-2-3"
        case japanese
    }

    struct City: Sendable {
        var name: String
        var postcode: String
        var region: String?
    }

    struct Place: Sendable {
        var dialCode: String
        var style: StreetStyle
        var streets: [String]
        var cities: [City]
        /// Carriers' tracking number prefixes.
        var carriers: [String]

        /// A street line of this country.
        func streetLine(_ street: String, number: Int, random: inout SplitMix64) -> String {
            switch style {
            case .numberFirst: "\(number) \(street)"
            case .numberAfter: "\(street) \(number)"
            case .numberAfterComma: "\(street), \(number)"
            case .chinese: "\(street)\(number)号"
            case .japanese: "\(street)\(random.below(5) + 1)-\(random.below(20) + 1)-\(number)"
            }
        }
    }

    /// The places of every demo country (`DemoCatalog.cultures`' countries).
    static func place(forCountry code: String) -> Place {
        places[code] ?? places["US"]!  // "US" is in the table below
    }

    private static func city(_ name: String, _ postcode: String, _ region: String? = nil) -> City {
        City(name: name, postcode: postcode, region: region)
    }

    private static let places: [String: Place] = [
        "US": Place(dialCode: "+1", style: .numberFirst, streets: ["Main St", "Oak Avenue", "Maple Drive", "Washington Blvd"],
                    cities: [city("Portland", "97205", "OR"), city("Austin", "78701", "TX"), city("Brooklyn", "11215", "NY"),
                             city("Chicago", "60614", "IL")], carriers: ["1Z", "9400"]),
        "CA": Place(dialCode: "+1", style: .numberFirst, streets: ["Queen St W", "rue Sainte-Catherine", "Granville St"],
                    cities: [city("Toronto", "M5V 2T6", "ON"), city("Montréal", "H3B 1A7", "QC"), city("Vancouver", "V6B 1A1", "BC")],
                    carriers: ["CP"]),
        "AU": Place(dialCode: "+61", style: .numberFirst, streets: ["George St", "Collins St", "Queen St"],
                    cities: [city("Sydney", "2000", "NSW"), city("Melbourne", "3000", "VIC"), city("Brisbane", "4000", "QLD")],
                    carriers: ["AP"]),
        "GB": Place(dialCode: "+44", style: .numberFirst, streets: ["High Street", "Station Road", "Church Lane"],
                    cities: [city("London", "SW1A 1AA"), city("Manchester", "M1 1AE"), city("Edinburgh", "EH1 1YZ")],
                    carriers: ["RM", "DPD"]),
        "IE": Place(dialCode: "+353", style: .numberFirst, streets: ["O'Connell Street", "Shop Street", "Patrick Street"],
                    cities: [city("Dublin", "D01 F5P2", "Co. Dublin"), city("Galway", "H91 E2K8", "Co. Galway"),
                             city("Cork", "T12 X70A", "Co. Cork")], carriers: ["AN"]),
        "DE": Place(dialCode: "+49", style: .numberAfter, streets: ["Hauptstraße", "Bahnhofstraße", "Schillerstraße", "Lindenallee"],
                    cities: [city("Berlin", "10115"), city("München", "80331", "Bayern"), city("Köln", "50667"), city("Hamburg", "20095")],
                    carriers: ["JJD", "DHL"]),
        "AT": Place(dialCode: "+43", style: .numberAfter, streets: ["Mariahilfer Straße", "Getreidegasse", "Herrengasse"],
                    cities: [city("Wien", "1070"), city("Salzburg", "5020"), city("Graz", "8010")], carriers: ["AT"]),
        "CH": Place(dialCode: "+41", style: .numberAfter, streets: ["Bahnhofstrasse", "Rue du Rhône", "Marktgasse"],
                    cities: [city("Zürich", "8001", "ZH"), city("Genève", "1204", "GE"), city("Bern", "3011", "BE")], carriers: ["99"]),
        "FR": Place(dialCode: "+33", style: .numberFirst, streets: ["rue de Rivoli", "avenue Jean Jaurès", "rue de la République"],
                    cities: [city("Paris", "75001"), city("Lyon", "69002"), city("Marseille", "13001")], carriers: ["6A", "CB"]),
        "BE": Place(dialCode: "+32", style: .numberAfter, streets: ["Rue Neuve", "Meir", "Veldstraat"],
                    cities: [city("Bruxelles", "1000"), city("Antwerpen", "2000"), city("Gent", "9000")], carriers: ["BP"]),
        "ES": Place(dialCode: "+34", style: .numberAfterComma, streets: ["Calle Mayor", "Gran Vía", "Calle Sierpes"],
                    cities: [city("Madrid", "28013"), city("Barcelona", "08002"), city("Sevilla", "41004")], carriers: ["PQ"]),
        "MX": Place(dialCode: "+52", style: .numberAfter, streets: ["Avenida Reforma", "Avenida Chapultepec", "Avenida Juárez"],
                    cities: [city("Ciudad de México", "06000", "CDMX"), city("Guadalajara", "44100", "JAL"),
                             city("Monterrey", "64000", "NL")], carriers: ["MX"]),
        "BR": Place(dialCode: "+55", style: .numberAfterComma, streets: ["Avenida Paulista", "Avenida Atlântica", "Rua das Flores"],
                    cities: [city("São Paulo", "01310-100", "SP"), city("Rio de Janeiro", "20040-020", "RJ"),
                             city("Curitiba", "80020-310", "PR")], carriers: ["BR"]),
        "PT": Place(dialCode: "+351", style: .numberAfter, streets: ["Rua Augusta", "Rua de Santa Catarina", "Rua Ferreira Borges"],
                    cities: [city("Lisboa", "1100-048"), city("Porto", "4000-447"), city("Coimbra", "3000-143")], carriers: ["RR"]),
        "PL": Place(dialCode: "+48", style: .numberAfter, streets: ["ul. Floriańska", "ul. Piotrkowska", "ul. Nowy Świat"],
                    cities: [city("Kraków", "31-147", "Małopolskie"), city("Łódź", "90-001", "Łódzkie"),
                             city("Warszawa", "00-001", "Mazowieckie")], carriers: ["PX"]),
        "SE": Place(dialCode: "+46", style: .numberAfter, streets: ["Drottninggatan", "Kungsgatan", "Södergatan"],
                    cities: [city("Stockholm", "111 51"), city("Göteborg", "411 03"), city("Malmö", "211 20")], carriers: ["PN"]),
        "FI": Place(dialCode: "+358", style: .numberAfter, streets: ["Mannerheimintie", "Hämeenkatu", "Aurakatu"],
                    cities: [city("Helsinki", "00100"), city("Tampere", "33100"), city("Turku", "20100")], carriers: ["JJFI"]),
        "NL": Place(dialCode: "+31", style: .numberAfter, streets: ["Kalverstraat", "Oudegracht", "Coolsingel"],
                    cities: [city("Amsterdam", "1012 NX"), city("Utrecht", "3511 AA"), city("Rotterdam", "3011 AD")], carriers: ["3S"]),
        "VN": Place(dialCode: "+84", style: .numberFirst, streets: ["Đường Lê Lợi", "Phố Hàng Bạc", "Đường Bạch Đằng"],
                    cities: [city("Hồ Chí Minh", "700000"), city("Hà Nội", "100000"), city("Đà Nẵng", "550000")], carriers: ["VN"]),
        "CN": Place(dialCode: "+86", style: .chinese, streets: ["南京东路", "长安街", "北京路"],
                    cities: [city("上海", "200001", "上海市"), city("北京", "100006", "北京市"), city("广州", "510030", "广东省")],
                    carriers: ["SF"]),
        "JP": Place(dialCode: "+81", style: .japanese, streets: ["神南", "栄", "梅田"],
                    cities: [city("渋谷区", "150-0041", "東京都"), city("名古屋市中区", "460-0008", "愛知県"),
                             city("大阪市北区", "530-0001", "大阪府")], carriers: ["JP"]),
        "KR": Place(dialCode: "+82", style: .numberAfter, streets: ["세종대로", "해운대로", "인주대로"],
                    cities: [city("서울", "04524", "서울특별시"), city("부산", "48094", "부산광역시"), city("인천", "21554", "인천광역시")],
                    carriers: ["KR"]),
        "IN": Place(dialCode: "+91", style: .numberFirst, streets: ["MG Road", "Linking Road", "Park Street"],
                    cities: [city("Bengaluru", "560001", "Karnataka"), city("Mumbai", "400050", "Maharashtra"),
                             city("Kolkata", "700016", "West Bengal")], carriers: ["IN"]),
    ]
}

extension DemoCatalog {
    /// US dollars per unit of a demo currency, as exact decimals (the rate a shop reporting in dollars
    /// states on an order paid in that currency); nil for the dollar itself.
    static func dollarsPerUnit(_ currency: Currency) -> Decimal? {
        dollarRates[currency.code]
    }

    private static let dollarRates: [String: Decimal] = [
        "EUR": Decimal(string: "1.086957"), "GBP": Decimal(string: "1.265823"), "JPY": Decimal(string: "0.006667"),
        "CHF": Decimal(string: "1.136364"), "CAD": Decimal(string: "0.735294"), "AUD": Decimal(string: "0.657895"),
        "SEK": Decimal(string: "0.096154"), "KRW": Decimal(string: "0.000741"), "CNY": Decimal(string: "0.138889"),
        "BRL": Decimal(string: "0.2"), "INR": Decimal(string: "0.012048"),
    ].compactMapValues { $0 }
}
