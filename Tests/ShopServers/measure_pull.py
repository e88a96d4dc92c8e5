#!/usr/bin/env python3
"""Pull throughput of `orders sync` against the local test Shopify (shop_server.py): the seconds of a
first pull of N orders, then of a pull after 100 of them changed. Not a test: a measurement for the
README, run by hand with the release build:

    swift build -c release --product orders
    python3 Tests/ShopServers/measure_pull.py .build/release/orders 10000 [RESTORE_RATE] [LARGE_EVERY]

RESTORE_RATE is the bucket's points a second (default 1,000,000: the client's and the local server's
own speed; Shopify's plans restore 100 to 2,000). LARGE_EVERY N makes every Nth order one of 25 lines
(more than a page reads of an order, so each is read again whole: 2 more queries); default none."""
import json, os, ssl, subprocess, sys, tempfile, time, urllib.request
from pathlib import Path

orders_binary, count = os.path.abspath(sys.argv[1]), int(sys.argv[2])  # the script runs it from a temporary folder
restore = float(sys.argv[3]) if len(sys.argv) > 3 else 1_000_000.0
large_every = int(sys.argv[4]) if len(sys.argv) > 4 else 0
here = Path(__file__).parent
folder = Path(tempfile.mkdtemp(prefix="pull-measure-"))
run = lambda *args: subprocess.run(args, cwd=folder, check=True, capture_output=True)
run("openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "ca.key", "-out", "ca.pem", "-days", "2", "-subj", "/CN=measure CA")
run("openssl", "req", "-newkey", "rsa:2048", "-nodes", "-keyout", "server.key", "-out", "server.csr", "-subj", "/CN=127.0.0.1")
(folder / "ext.cnf").write_text("subjectAltName=IP:127.0.0.1\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n")
run("openssl", "x509", "-req", "-in", "server.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial", "-out", "server.pem",
    "-days", "2", "-extfile", "ext.cnf")
token = "shpat_measure_0123456789"
server = subprocess.Popen([sys.executable, str(here / "shop_server.py"), "shopify", "server.pem", "server.key", token],
                          cwd=folder, stdout=subprocess.PIPE, text=True)
port = server.stdout.readline().strip()
url = f"https://127.0.0.1:{port}"
context = ssl.create_default_context(cafile=str(folder / "ca.pem"))


def control(change):
    request = urllib.request.Request(url + "/_control", data=json.dumps(change).encode(), method="POST")
    return json.load(urllib.request.urlopen(request, context=context))


def money(amount):
    return {"shopMoney": {"amount": amount, "currencyCode": "EUR"}, "presentmentMoney": {"amount": amount, "currencyCode": "EUR"}}


def order(index, updated):
    return {
        "id": f"gid://shopify/Order/{100000 + index}", "legacyResourceId": str(100000 + index), "name": f"#{1000 + index}",
        "createdAt": "2026-11-20T10:00:00Z", "updatedAt": updated, "processedAt": "2026-11-20T10:00:05Z",
        "cancelledAt": None, "cancelReason": None, "closed": False, "closedAt": None, "email": f"c{index}@example.com",
        "phone": None, "note": None, "tags": ["bulk"], "taxesIncluded": True, "currencyCode": "EUR", "presentmentCurrencyCode": "EUR",
        "displayFinancialStatus": "PAID", "displayFulfillmentStatus": "UNFULFILLED", "sourceName": "web",
        "paymentGatewayNames": ["shopify_payments"], "discountCodes": [], "customAttributes": [],
        "customer": {"id": f"gid://shopify/Customer/{index}", "legacyResourceId": str(index), "firstName": "Ana", "lastName": f"Lima {index}", "displayName": "Ana"},
        "billingAddress": None,
        "shippingAddress": {"name": "Ana Lima", "firstName": "Ana", "lastName": "Lima", "company": None, "address1": "Rua Augusta 27",
                            "address2": None, "city": "Lisboa", "zip": "1100-048", "province": None, "provinceCode": None,
                            "country": "Portugal", "countryCodeV2": "PT", "phone": None},
        "subtotalPriceSet": money("31.00"), "totalPriceSet": money("35.90"), "totalTaxSet": money("6.71"), "totalDiscountsSet": money("0.00"),
        "totalShippingPriceSet": money("4.90"), "totalRefundedSet": money("0.00"), "currentTotalPriceSet": money("35.90"),
        "totalOutstandingSet": money("0.00"), "originalTotalDutiesSet": None, "originalTotalAdditionalFeesSet": None,
        "shippingLine": {"title": "CTT", "code": "ctt"}, "risk": {"assessments": [{"riskLevel": "LOW"}]},
        "lineItems": [{"id": f"gid://shopify/LineItem/{index}1", "name": "Mug", "title": "Mug", "sku": "MUG-1", "quantity": 2,
                       "currentQuantity": 2, "unfulfilledQuantity": 2, "requiresShipping": True, "taxable": True,
                       "originalUnitPriceSet": money("14.50"), "discountedUnitPriceSet": money("14.50")},
                      {"id": f"gid://shopify/LineItem/{index}2", "name": "Gift wrap", "title": "Gift wrap", "sku": None, "quantity": 1,
                       "currentQuantity": 1, "unfulfilledQuantity": 1, "requiresShipping": False, "taxable": True,
                       "originalUnitPriceSet": money("2.00"), "discountedUnitPriceSet": money("2.00")}],
        "fulfillments": [], "refunds": [],
    } | (large_lines(index) if large_every and index % large_every == 0 else {})


def large_lines(index):
    # 25 parts at 1.24: 31.00, the same subtotal as the mug and the gift wrap.
    return {"lineItems": [{"id": f"gid://shopify/LineItem/{index}{n:02d}", "name": f"Part {n:02d}", "title": f"Part {n:02d}",
                           "sku": f"PART-{n:02d}", "quantity": 1, "currentQuantity": 1, "unfulfilledQuantity": 1,
                           "requiresShipping": True, "taxable": True, "originalUnitPriceSet": money("1.24"),
                           "discountedUnitPriceSet": money("1.24")} for n in range(1, 26)]}


try:
    control({"bucket": {"maximum": 1000, "restore": restore}})
    control({"orders": [order(i, "2026-11-21T%02d:%02d:%02dZ" % (i // 3600 % 24, i // 60 % 60, i % 60)) for i in range(count)]})
    (folder / "token").write_text(token + "\n")
    os.chmod(folder / "token", 0o600)
    db = str(folder / "orders.db")
    env = dict(os.environ, HOME=str(folder), XDG_DATA_HOME=str(folder))
    subprocess.run([orders_binary, "shop", "add", "eu", "--shopify", url, "--credentials", "token", "--ca-file", "ca.pem", "--db", db],
                   cwd=folder, check=True, env=env)
    started = time.monotonic()
    first = subprocess.run([orders_binary, "sync", "--db", db], cwd=folder, capture_output=True, text=True, env=env)
    first_seconds = time.monotonic() - started
    print(first.stdout.strip(), f"-- {first_seconds:.1f} s, {count / first_seconds:.0f} orders/s")
    for i in range(100):
        changed = order(i * (count // 100), "2026-11-22T10:%02d:00Z" % (i % 60))
        changed["displayFulfillmentStatus"] = "FULFILLED"
        for line in changed["lineItems"]:
            line["unfulfilledQuantity"] = 0
        control({"upsert": changed})
    started = time.monotonic()
    second = subprocess.run([orders_binary, "sync", "--db", db], cwd=folder, capture_output=True, text=True, env=env)
    print(second.stdout.strip(), f"-- {time.monotonic() - started:.1f} s")
finally:
    server.terminate()
