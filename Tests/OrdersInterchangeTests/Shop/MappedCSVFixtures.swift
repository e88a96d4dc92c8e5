import OrdersCore

/// A custom ERP's order export and the mapping file that reads it (`orders import --map`), written
/// for these tests: German-style amounts (`2.000,00`) and dates (`07.12.2025 19:08`, Berlin time),
/// one row per line item keyed by `Order No`, a two-line remark with a comma, a cancelled order,
/// an order in francs with a line without an article number and no freight, a status word the
/// mapping does not know, an address-less order, and a `Warehouse` column nothing reads. The
/// export has no phone column at all, and the mapping names none.
enum MappedCSVFixtures {
    static let export = """
        Order No,Order Date,State,Curr,Customer,Mail,Street,Town,ZIP,Country,Gross,Freight,VAT,Remarks,Labels,Art No,Description,Qty,Unit Price,Warehouse
        SO-2024-00017,07.12.2025 19:08,SHIPPED,EUR,"Müller, José",jose@example.de,Hauptstr. 5,Berlin,10115,DE,"2.000,00","0,00","319,33","Bitte klingeln,
        dann warten.","b2b, priority",CH-1,"Chair, oak",2,"800,00",A
        SO-2024-00017,07.12.2025 19:08,SHIPPED,EUR,"Müller, José",jose@example.de,,,,,,,,,,TB-9,Table,1,"400,00",A
        SO-2024-00018,08.12.2025 09:30,CANCELLED,EUR,Bob Stone,Bob@Example.com,,,,,"49,90","4,90","7,97",,,MUG,Mug,3,"15,00",B
        SO-2024-00019,09.12.2025 14:00,PAID,CHF,Zoë Adams,zoe@example.ch,Seestrasse 1,Zürich,8002,CH,"1.250,50",,"93,68",,,,Lamp,1,"1.250,50",B
        SO-2024-00020,10.12.2025 08:05,QUALITY CHECK,EUR,Ana Lima,ana@example.pt,Rua Augusta 10,Lisboa,1100-053,PT,"19,90",,"3,18",,,PEN-2,Pen,2,"9,95",A

        """

    static let mapping = """
        {
          "comment": "The ERP's sales order list, exported as CSV",
          "source": "erp",
          "orderKey": "Order No",
          "dateFormat": "dd.MM.yyyy HH:mm",
          "timeZone": "Europe/Berlin",
          "decimalSeparator": ",",
          "thousandsSeparator": ".",
          "taxesIncluded": true,
          "columns": {
            "number": "Order No", "createdAt": "Order Date", "status": "State", "currency": "Curr",
            "customerName": "Customer", "email": "Mail",
            "shipping.address1": "Street", "shipping.city": "Town", "shipping.postcode": "ZIP", "shipping.country": "Country",
            "total": "Gross", "shippingTotal": "Freight", "taxTotal": "VAT", "customerNote": "Remarks", "tags": "Labels",
            "item.sku": "Art No", "item.title": "Description", "item.quantity": "Qty", "item.unitPrice": "Unit Price"
          },
          "statuses": {
            "OPEN": {"payment": "pending"},
            "PAID": {"payment": "paid"},
            "SHIPPED": {"payment": "paid", "fulfilment": "fulfilled"},
            "CANCELLED": {"payment": "voided", "cancelled": true}
          }
        }
        """
}
