import OrdersCore

/// The fixed reference data demo orders are drawn from: products, countries,
/// currencies, tax rates, tags and operators. Data only; no randomness here.
enum DemoCatalog {
    /// A product for sale, priced in US cents; other currencies convert from it.
    struct Product: Sendable {
        var sku: String
        var title: String
        var usdCents: Int
        /// Breakable goods get the "fragile" tag more often.
        var fragile: Bool = false
    }

    static let products: [Product] = [
        Product(sku: "KB-MX-BRN", title: "Mechanical Keyboard, Brown Switches", usdCents: 12_900),
        Product(sku: "KB-MX-RED", title: "Mechanical Keyboard, Red Switches", usdCents: 12_900),
        Product(sku: "KB-LP-WL", title: "Low-Profile Wireless Keyboard", usdCents: 8_999),
        Product(sku: "MS-ERG-01", title: "Ergonomic Vertical Mouse", usdCents: 4_950),
        Product(sku: "MS-TRK-02", title: "Trackball Mouse", usdCents: 6_900),
        Product(sku: "MN-27-4K", title: "27\" 4K Monitor", usdCents: 42_900, fragile: true),
        Product(sku: "MN-34-UW", title: "34\" Ultrawide Curved Monitor", usdCents: 79_900, fragile: true),
        Product(sku: "MN-ARM-2", title: "Dual Monitor Arm", usdCents: 11_900),
        Product(sku: "LT-14-PRO", title: "14\" Laptop, 32 GB RAM", usdCents: 219_900, fragile: true),
        Product(sku: "LT-13-AIR", title: "13\" Ultralight Laptop", usdCents: 129_900, fragile: true),
        Product(sku: "DK-USB-C", title: "USB-C Docking Station", usdCents: 18_900),
        Product(sku: "CB-USBC-2M", title: "USB-C Cable 2 m", usdCents: 1_299),
        Product(sku: "CB-HDMI-3M", title: "HDMI 2.1 Cable 3 m", usdCents: 1_899),
        Product(sku: "HP-ANC-BT", title: "Noise-Cancelling Headphones", usdCents: 29_900),
        Product(sku: "HP-IE-PRO", title: "In-Ear Monitors Pro", usdCents: 17_900),
        Product(sku: "SP-BT-MINI", title: "Bluetooth Mini Speaker", usdCents: 3_999),
        Product(sku: "WC-1080-AF", title: "1080p Autofocus Webcam", usdCents: 7_900),
        Product(sku: "MC-USB-CON", title: "USB Condenser Microphone", usdCents: 12_900),
        Product(sku: "CH-ERG-MSH", title: "Ergonomic Mesh Office Chair", usdCents: 54_900),
        Product(sku: "DS-STD-160", title: "Standing Desk 160×80 cm", usdCents: 64_900),
        Product(sku: "LM-DSK-LED", title: "LED Desk Lamp with Dimmer", usdCents: 4_599),
        Product(sku: "NB-A5-DOT", title: "A5 Dotted Notebook", usdCents: 1_450),
        Product(sku: "PN-FNT-EF", title: "Fountain Pen, Extra Fine Nib", usdCents: 8_900, fragile: true),
        Product(sku: "PN-GEL-12", title: "Gel Pens, Pack of 12", usdCents: 1_199),
        Product(sku: "BK-SWIFT-6", title: "Book: Concurrency in Swift 6", usdCents: 4_499),
        Product(sku: "BK-SQL-PERF", title: "Book: SQL Performance Explained", usdCents: 3_900),
        Product(sku: "BK-TERM-ART", title: "Book: The Art of the Terminal", usdCents: 3_499),
        Product(sku: "CF-ESP-1KG", title: "Café Crème Espresso Beans 1 kg", usdCents: 2_890),
        Product(sku: "CF-MCH-GRN", title: "Burr Coffee Grinder", usdCents: 15_900),
        Product(sku: "CF-POUR-V60", title: "Pour-Over Dripper V60, Ceramic", usdCents: 2_600, fragile: true),
        Product(sku: "TE-MATCHA-30", title: "Ceremonial Matcha 抹茶 30 g", usdCents: 3_200),
        Product(sku: "TE-SET-KYU", title: "Kyūsu Teapot Set", usdCents: 7_800, fragile: true),
        Product(sku: "MG-STONE-2", title: "Stoneware Mugs, Set of 2", usdCents: 3_400, fragile: true),
        Product(sku: "GL-WINE-6", title: "Crystal Wine Glasses, Set of 6", usdCents: 8_900, fragile: true),
        Product(sku: "BG-LTH-MSG", title: "Leather Messenger Bag", usdCents: 18_900),
        Product(sku: "BG-BKP-25L", title: "Commuter Backpack 25 L", usdCents: 11_900),
        Product(sku: "WT-STEEL-750", title: "Insulated Steel Bottle 750 ml", usdCents: 2_999),
        Product(sku: "PL-MONSTERA", title: "Monstera Deliciosa Plant, Potted", usdCents: 4_900, fragile: true),
        Product(sku: "PL-BONSAI-J", title: "Juniper Bonsai Tree", usdCents: 6_500, fragile: true),
        Product(sku: "CN-SOY-LAV", title: "Lavender Soy Candle", usdCents: 1_899),
        Product(sku: "TW-BATH-2", title: "Organic Cotton Bath Towels, Pair", usdCents: 4_200),
        Product(sku: "BD-LIN-QN", title: "Linen Duvet Cover, Queen", usdCents: 16_900),
        Product(sku: "KN-CHEF-20", title: "Chef's Knife 20 cm, Damascus", usdCents: 14_900),
        Product(sku: "PN-CAST-28", title: "Cast Iron Skillet 28 cm", usdCents: 5_900),
        Product(sku: "GM-BRD-CAT", title: "Board Game: Settlers Deluxe", usdCents: 5_499),
        Product(sku: "GM-PZL-1000", title: "Jigsaw Puzzle, 1000 Pieces", usdCents: 2_199),
        Product(sku: "TY-LEGO-TCH", title: "Technic Crane Building Set", usdCents: 17_999),
        Product(sku: "SH-RUN-42", title: "Trail Running Shoes, EU 42", usdCents: 13_900),
        Product(sku: "JK-RAIN-M", title: "Waterproof Rain Jacket, M", usdCents: 18_900),
        Product(sku: "SK-WOOL-3", title: "Merino Wool Socks, 3 Pairs", usdCents: 3_300),
        Product(sku: "WA-SMART-44", title: "Smartwatch 44 mm", usdCents: 34_900, fragile: true),
        Product(sku: "PH-CASE-CLR", title: "Clear Phone Case", usdCents: 1_999),
        Product(sku: "PB-20K-PD", title: "Power Bank 20,000 mAh", usdCents: 4_999),
        Product(sku: "RT-WIFI7", title: "Wi-Fi 7 Mesh Router", usdCents: 39_900),
        Product(sku: "SD-NVME-2T", title: "NVMe SSD 2 TB", usdCents: 15_900),
        Product(sku: "CM-MIRROR-A7", title: "Mirrorless Camera Body", usdCents: 189_900, fragile: true),
        Product(sku: "CM-LENS-35", title: "35 mm f/1.8 Prime Lens", usdCents: 44_900, fragile: true),
        Product(sku: "GT-ACOU-DN", title: "Acoustic Guitar, Dreadnought", usdCents: 59_900, fragile: true),
        Product(sku: "VN-TT-BT", title: "Bluetooth Turntable", usdCents: 24_900, fragile: true),
        Product(sku: "GC-50", title: "Gift Card 50", usdCents: 5_000),
    ]

    /// The currency customers in a country usually pay in; unknown countries pay USD.
    static func currency(forCountry code: String) -> Currency {
        switch code {
        case "US", "MX", "VN": .usd
        case "GB": .gbp
        case "JP": .jpy
        case "DE", "AT", "FR", "BE", "ES", "PT", "IE", "NL", "FI", "PL", "IT": .eur
        case "CH": Currency(code: "CHF", minorUnits: 2)
        case "CA": Currency(code: "CAD", minorUnits: 2)
        case "AU": Currency(code: "AUD", minorUnits: 2)
        case "SE": Currency(code: "SEK", minorUnits: 2)
        case "KR": Currency(code: "KRW", minorUnits: 0)
        case "CN": Currency(code: "CNY", minorUnits: 2)
        case "BR": Currency(code: "BRL", minorUnits: 2)
        case "IN": Currency(code: "INR", minorUnits: 2)
        default: .usd
        }
    }

    /// Roughly how many units of a currency one US dollar buys.
    static func unitsPerDollar(_ currency: Currency) -> Double {
        switch currency.code {
        case "EUR": 0.92
        case "GBP": 0.79
        case "JPY": 150
        case "CHF": 0.88
        case "CAD": 1.36
        case "AUD": 1.52
        case "SEK": 10.4
        case "KRW": 1350
        case "CNY": 7.2
        case "BRL": 5.0
        case "INR": 83
        default: 1
        }
    }

    /// Sales tax / VAT in basis points (1/100 of a percent) for a shipping country.
    static func taxBasisPoints(forCountry code: String) -> Int {
        switch code {
        case "DE": 1900
        case "FR", "AT", "GB": 2000
        case "ES", "NL", "BE": 2100
        case "IT": 2200
        case "IE", "PT", "PL": 2300
        case "FI": 2400
        case "SE": 2500
        case "CH": 810
        case "JP", "KR", "AU", "VN": 1000
        case "CN": 1300
        case "CA": 1300
        case "BR": 1700
        case "IN": 1800
        case "MX": 1600
        case "US": 725
        default: 0
        }
    }

    static let tags: [(String, Int)] = [
        ("vip", 5), ("gift", 6), ("priority", 4), ("express", 3), ("repeat-customer", 8), ("b2b", 2),
    ]

    static let operators = ["alice", "bob", "chen", "dmitri", "fatima", "giulia", "hiro", "ines"]

    static let noteTexts = [
        "Customer asked to ship to their office address instead.",
        "Called customer: wants delivery after the 15th.",
        "Address looks incomplete — waiting for the customer to confirm.",
        "Payment flagged by fraud check; verify before shipping.",
        "Gift wrap requested, include a handwritten card.",
        "Customer reported the parcel as damaged; replacement discussed.",
        "Duplicate of an earlier order? Check with the customer.",
        "Wholesale customer: invoice with VAT number on file.",
        "Carrier lost the tracking scan; escalated.",
        "Kunde bittet um Lieferung an die Packstation.",
        "Le client souhaite une facture séparée.",
        "配送日時の指定あり（午前中）。",
    ]
}
