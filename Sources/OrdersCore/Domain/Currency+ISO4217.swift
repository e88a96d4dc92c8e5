extension Currency {
    /// Every currency of ISO 4217's list one that goods are priced in, by minor units.
    ///
    /// Foundation on Linux has no table of ISO minor units (its formatters use CLDR's
    /// display digits, which differ: CLDR shows IQD with 0 decimals, ISO gives it 3),
    /// so the standard's own figures are kept here. Codes withdrawn recently (HRK,
    /// ANG, SLL, ZWL) stay, because orders placed in them still exist. Precious metals,
    /// bond units, SDR and the test/no-currency codes (XAU, XBA, XDR, XTS, XXX …) are
    /// left out: no shop prices goods in them.
    static let iso4217MinorUnits: [Int: String] = [
        0: "BIF CLP DJF GNF ISK JPY KMF KRW PYG RWF UGX UYI VND VUV XAF XOF XPF",
        2: """
            AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BMD BND BOB BOV BRL BSD BTN BWP BYN BZD \
            CAD CDF CHE CHF CHW CNY COP COU CRC CUC CUP CVE CZK DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL \
            GHS GIP GMD GTQ GYD HKD HNL HRK HTG HUF IDR ILS INR IRR JMD KES KGS KHR KPW KYD KZT LAK LBP LKR \
            LRD LSL MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MXV MYR MZN NAD NGN NIO NOK NPR NZD PAB \
            PEN PGK PHP PKR PLN QAR RON RSD RUB SAR SBD SCR SDG SEK SGD SHP SLE SLL SOS SRD SSP STN SVC SYP \
            SZL THB TJS TMT TOP TRY TTD TWD TZS UAH USD USN UYU UZS VED VES WST XCD XCG YER ZAR ZMW ZWG ZWL
            """,
        3: "BHD IQD JOD KWD LYD OMR TND",
        4: "CLF UYW",
    ]
}
