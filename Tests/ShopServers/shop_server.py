#!/usr/bin/env python3
"""A local HTTPS server that answers as Shopify's GraphQL Admin API or WooCommerce's REST API v3
do (as their documentation describes them), for orders' pull tests. Started by the tests
(ShopTestServer.swift): `shop_server.py shopify|woocommerce CERT KEY SECRET`; prints its port on
the first line of stdout, then serves on 127.0.0.1 until killed.

Tests change the shop through /_control (never part of either API):
  POST /_control {"orders": [...]}          replace every order (Shopify: GraphQL-shaped nodes; Woo: REST objects)
  POST /_control {"upsert": {...}}          add or replace one order (by id)
  POST /_control {"faults": ["500", "drop", "429"]}  the next API requests fail so, one each ("ok": answered)
                                            ("stall": answered only after 50 s, as a shop that hangs)
  POST /_control {"refuse": ["gid://shopify/Order/9002"]}  Shopify: order(id:) and refund(id:) of these ids answer an error
  POST /_control {"bucket": {"maximum": 1000, "restore": 100}}  Shopify's leaky bucket
  POST /_control {"write_faults": ["500-after", "drop-after", "500", "refuse"]}  the next writes (Shopify mutations,
                                            WooCommerce PUT and POST) fail so, one each: "500-after" and "drop-after"
                                            apply the write and then answer 500 or drop the connection (the lost
                                            answer); "stall-after" applies it and answers only after 50 s (a
                                            syncer killed meanwhile); "500" answers 500 without applying; "refuse"
                                            answers Woo's 400
  GET  /_control                            counts: requests, queries answered, throttled, over_budget, invalid,
                                            max_cost_exceeded, highest_cost (the most a query asked)
  GET  /_control/received                   every write applied, oldest first: Shopify {"field", "variables"},
                                            WooCommerce {"method", "path", "body"}
  GET  /_control/orders                     the orders as the shop holds them now (with Woo's notes under "notes")
Refunds: Shopify's refundCreate (with the idempotent directive) and suggestedRefund; WooCommerce's
/orders/{id}/refunds. A Shopify order without "transactions" was paid by one sale of its total.
"""
import base64, json, ssl, sys, threading, time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

PLATFORM, CERT, KEY, SECRET = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4]
API_VERSION = "2026-10"
LOCK = threading.Lock()
STATE = {"orders": [], "faults": [], "write_faults": [], "received": [], "notes": {}, "refunds": {}, "idempotent": {}, "next_id": 900, "refuse": [], "maximum": 1000.0, "restore": 100.0, "available": 1000.0, "at": time.monotonic(),
         "stats": {"requests": 0, "queries": 0, "throttled": 0, "over_budget": 0, "invalid": 0, "max_cost_exceeded": 0,
                   "highest_cost": 0}}

if PLATFORM == "shopify":
    from graphql import build_schema, parse, validate, execute, GraphQLError
    from graphql.language import FieldNode, FragmentSpreadNode, InlineFragmentNode, OperationDefinitionNode, FragmentDefinitionNode
    from graphql.type import get_named_type, is_list_type, is_non_null_type, GraphQLObjectType
    SCHEMA = build_schema((Path(__file__).parent / "shopify_schema.graphql").read_text())


# ---- Shopify: cost, as documented: scalar and enum 0, object 1, a connection 2 plus `first`
# times one node's cost, a list asked for with `first` that many times its element's cost.

def selection_fields(selection_set, fragments):
    for selection in selection_set.selections if selection_set else []:
        if isinstance(selection, FieldNode):
            yield selection
        elif isinstance(selection, FragmentSpreadNode):
            yield from selection_fields(fragments[selection.name.value].selection_set, fragments)
        elif isinstance(selection, InlineFragmentNode):
            yield from selection_fields(selection.selection_set, fragments)


def argument(field, name, variables):
    for arg in field.arguments or []:
        if arg.name.value == name:
            value = arg.value
            if value.kind == "variable":
                return variables.get(value.name.value)
            return int(value.value) if value.kind == "int_value" else getattr(value, "value", None)
    return None


def cost_of(parent_type, selection_set, fragments, variables):
    total = 0
    for field in selection_fields(selection_set, fragments):
        name = field.name.value
        if name == "__typename":
            continue
        definition = parent_type.fields[name]
        named = get_named_type(definition.type)
        if not isinstance(named, GraphQLObjectType):
            continue
        inner = definition.type.of_type if is_non_null_type(definition.type) else definition.type
        first = argument(field, "first", variables) or argument(field, "last", variables)
        if named.name.endswith("Connection"):
            node_type = named.fields["nodes"].type
            node_type = get_named_type(node_type)
            per_node = 0
            for sub in selection_fields(field.selection_set, fragments):
                if sub.name.value == "nodes":
                    per_node = max(per_node, 1 + cost_of(node_type, sub.selection_set, fragments, variables))
                elif sub.name.value == "edges":
                    for edge_field in selection_fields(sub.selection_set, fragments):
                        if edge_field.name.value == "node":
                            per_node = max(per_node, 1 + cost_of(node_type, edge_field.selection_set, fragments, variables))
            total += 2 + (first or 0) * per_node
        elif is_list_type(inner):
            total += (first or 1) * (1 + cost_of(named, field.selection_set, fragments, variables))
        else:
            total += 1 + cost_of(named, field.selection_set, fragments, variables)
    return total


def actual_cost_of(parent_type, selection_set, fragments, data):
    """The same rules over what was returned: a connection costs 2 plus its nodes' costs, a list its
    elements' (documented: the actual cost is what the query's results cost; the rest is refunded)."""
    total = 0
    if data is None:
        return 0
    for field in selection_fields(selection_set, fragments):
        name = field.name.value
        if name == "__typename":
            continue
        definition = parent_type.fields[name]
        named = get_named_type(definition.type)
        if not isinstance(named, GraphQLObjectType):
            continue
        key = field.alias.value if field.alias else name
        value = data.get(key)
        inner = definition.type.of_type if is_non_null_type(definition.type) else definition.type
        if named.name.endswith("Connection"):
            node_type = get_named_type(named.fields["nodes"].type)
            total += 2
            for sub in selection_fields(field.selection_set, fragments):
                if sub.name.value == "nodes" and value:
                    total += sum(1 + actual_cost_of(node_type, sub.selection_set, fragments, n) for n in value.get(sub.alias.value if sub.alias else "nodes") or [])
        elif is_list_type(inner):
            total += sum(1 + actual_cost_of(named, field.selection_set, fragments, v) for v in value or [])
        elif value is not None:
            total += 1 + actual_cost_of(named, field.selection_set, fragments, value)
    return total


def throttle_status():
    return {"maximumAvailable": STATE["maximum"], "currentlyAvailable": int(STATE["available"]), "restoreRate": STATE["restore"]}


def refill():
    now = time.monotonic()
    STATE["available"] = min(STATE["maximum"], STATE["available"] + (now - STATE["at"]) * STATE["restore"])
    STATE["at"] = now


def sort_key(order):
    return (order["updatedAt"], int(order["legacyResourceId"]))


def encode_cursor(order):
    return base64.b64encode(json.dumps(list(sort_key(order))).encode()).decode()


def resolve_orders(_root, _info, first=None, after=None, last=None, before=None, query=None, reverse=False, sortKey="ID", savedSearchId=None):
    if first is None or not (1 <= first <= 250):
        raise GraphQLError("first must be between 1 and 250")
    orders = sorted(STATE["orders"], key=sort_key if sortKey == "UPDATED_AT" else (lambda o: int(o["legacyResourceId"])))
    if query:
        # The one search the pull sends: updated_at:>='2026-12-01T10:00:00Z' (whole seconds, UTC).
        if not (query.startswith("updated_at:>='") and query.endswith("'")):
            raise GraphQLError("this test server reads only updated_at:>='…' searches")
        since = query[len("updated_at:>='"):-1]
        orders = [o for o in orders if o["updatedAt"] >= since]
    if after:
        key = tuple(json.loads(base64.b64decode(after)))
        orders = [o for o in orders if sort_key(o) > (key[0], key[1])]
    page = orders[:first]
    return {"nodes": page, "edges": [{"cursor": encode_cursor(o), "node": o} for o in page],
            "pageInfo": {"hasNextPage": len(orders) > first, "hasPreviousPage": bool(after),
                         "startCursor": encode_cursor(page[0]) if page else None,
                         "endCursor": encode_cursor(page[-1]) if page else None}}


def encode_position(index):
    return base64.b64encode(json.dumps({"last": index}).encode()).decode()


def connection(items, first=None, after=None, **_):
    """A connection of a list, paged as documented: `first` from 1 to 250, `after` an opaque cursor
    the previous page named (here the position of its last node)."""
    if first is None or not (1 <= first <= 250):
        raise GraphQLError("first must be between 1 and 250")
    start = json.loads(base64.b64decode(after))["last"] + 1 if after else 0
    page = items[start:start + first]
    cursors = [encode_position(start + i) for i in range(len(page))]
    return {"nodes": page, "edges": [{"cursor": c, "node": n} for c, n in zip(cursors, page)],
            "pageInfo": {"hasNextPage": len(items) > start + first, "hasPreviousPage": start > 0,
                         "startCursor": cursors[0] if cursors else None, "endCursor": cursors[-1] if cursors else None}}


def refused(gid):
    # Shopify's answer when it fails on its side: the field is null and errors say why.
    if gid in STATE["refuse"]:
        raise GraphQLError("Internal error. Looks like something went wrong on our end.")


def resolve_order(_root, _info, id):
    refused(id)
    return next((o for o in STATE["orders"] if o["id"] == id), None)


def resolve_refund(_root, _info, id):
    refused(id)
    return next((r for o in STATE["orders"] for r in o.get("refunds", []) if r["id"] == id), None)


def next_id():
    STATE["next_id"] += 1
    return STATE["next_id"]


def now_text():
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


def numeric(gid):
    return gid.rsplit("/", 1)[-1]


def holds_of(order):
    """The holds on an order's one fulfilment order: those placed through the API ("_holds", kept on
    the order), or, for an order a test made ON_HOLD in the shop itself, one hold the shop placed."""
    if "_holds" in order:
        return order["_holds"]
    if order.get("displayFulfillmentStatus") == "ON_HOLD":
        return [{"id": f"gid://shopify/FulfillmentHold/{order['legacyResourceId']}0", "handle": "", "reason": "OTHER", "reasonNotes": None,
                 "displayReason": "Other", "heldByRequestingApp": False}]
    return []


def lines_display_status(order):
    lines = order.get("lineItems", [])
    left = sum(line.get("unfulfilledQuantity", 0) for line in lines)
    sent = sum(line["quantity"] - line.get("unfulfilledQuantity", 0) for line in lines)
    return "FULFILLED" if left == 0 else "PARTIALLY_FULFILLED" if sent else "UNFULFILLED"


def fulfillment_orders(order):
    """The order's fulfilment orders: one per location its lines are sent from (a test names a line's
    location in the order's "_locations", {line id: name}; every other line is at "Shop location", the
    one location a small shop has), each with its lines' units still to fulfil (`unfulfilledQuantity`);
    on hold while the order has holds, closed when nothing is left."""
    lines = order.get("lineItems", [])
    holds = holds_of(order)
    places = []
    for line in lines:
        place = order.get("_locations", {}).get(line["id"], "Shop location")
        if place not in places:
            places.append(place)
    result = []
    for number, place in enumerate(places or ["Shop location"], start=1):
        own = [line for line in lines if order.get("_locations", {}).get(line["id"], "Shop location") == place]
        left = sum(line.get("unfulfilledQuantity", 0) for line in own)
        status = "ON_HOLD" if holds else "CLOSED" if left == 0 or order.get("cancelledAt") else "OPEN"
        result.append({"id": f"gid://shopify/FulfillmentOrder/{order['legacyResourceId']}{number}", "status": status, "fulfillmentHolds": holds,
                       "assignedLocation": {"name": place, "location": {"id": f"gid://shopify/Location/{sum(map(ord, place))}", "name": place}},
                       "lineItems": [{"id": f"gid://shopify/FulfillmentOrderLineItem/{numeric(line['id'])}", "remainingQuantity": line.get("unfulfilledQuantity", 0),
                                      "totalQuantity": line["quantity"], "lineItem": line} for line in own]})
    return result


def user_error(message, field):
    return {"field": field, "message": message}


def resolve_fulfillment_create(_root, _info, fulfillment, message=None):
    """Documented: every fulfilment order must belong to one order and be open or in progress; each
    line's quantity at most what it has left; then the lines' units are fulfilled at once."""
    groups = fulfillment["lineItemsByFulfillmentOrder"]
    owners = {}
    for order in STATE["orders"]:
        for fo in fulfillment_orders(order):
            owners[fo["id"]] = (order, fo)
    if not groups or any(g["fulfillmentOrderId"] not in owners for g in groups):
        return {"fulfillment": None, "userErrors": [user_error("Fulfillment order does not exist.", ["fulfillment", "lineItemsByFulfillmentOrder"])]}
    order = owners[groups[0]["fulfillmentOrderId"]][0]
    if len({owners[g["fulfillmentOrderId"]][1]["assignedLocation"]["name"] for g in groups}) > 1:
        # Documented: the fulfilment orders of one fulfilment are assigned to the same location.
        return {"fulfillment": None, "userErrors": [user_error("All fulfillment orders must be assigned to the same location.",
                                                               ["fulfillment", "lineItemsByFulfillmentOrder"])]}
    taken = []
    for group in groups:
        fo = owners[group["fulfillmentOrderId"]][1]
        if fo["status"] not in ("OPEN", "IN_PROGRESS"):
            return {"fulfillment": None, "userErrors": [user_error(f"Fulfillment order {group['fulfillmentOrderId']} has an unfulfillable status= {fo['status'].lower()}.",
                                                                   ["fulfillment"])]}
        items = {i["id"]: i for i in fo["lineItems"]}
        for entry in group.get("fulfillmentOrderLineItems") or [{"id": i, "quantity": items[i]["remainingQuantity"]} for i in items]:
            item = items.get(entry["id"])
            if item is None or not 0 < entry["quantity"] <= item["remainingQuantity"]:
                return {"fulfillment": None, "userErrors": [user_error("Invalid fulfillment order line item quantity requested.", ["fulfillment"])]}
            taken.append((item["lineItem"], entry["quantity"]))
    for line, quantity in taken:
        line["unfulfilledQuantity"] -= quantity
    tracking = fulfillment.get("trackingInfo") or {}
    made = {"id": f"gid://shopify/Fulfillment/{next_id()}", "status": "SUCCESS", "displayStatus": "FULFILLED", "createdAt": now_text(),
            "trackingInfo": [{"number": tracking.get("number"), "company": tracking.get("company"), "url": tracking.get("url")}] if tracking else [],
            "fulfillmentLineItems": [{"id": f"gid://shopify/FulfillmentLineItem/{next_id()}", "quantity": q, "lineItem": line} for line, q in taken]}
    order.setdefault("fulfillments", []).append(made)
    left = sum(line.get("unfulfilledQuantity", 0) for line in order.get("lineItems", []))
    order["displayFulfillmentStatus"] = "FULFILLED" if left == 0 else "PARTIALLY_FULFILLED"
    order["updatedAt"] = now_text()
    return {"fulfillment": made, "userErrors": []}


def resolve_order_cancel(_root, _info, orderId, reason, restock, notifyCustomer=False, refund=None, refundMethod=None, staffNote=None):
    order = next((o for o in STATE["orders"] if o["id"] == orderId), None)
    if order is None:
        return {"job": None, "orderCancelUserErrors": [{"code": "NOT_FOUND", "field": ["orderId"], "message": "Order not found."}], "userErrors": []}
    if order.get("cancelledAt"):
        return {"job": None, "orderCancelUserErrors": [{"code": "INVALID", "field": ["orderId"], "message": "Order has already been cancelled."}],
                "userErrors": []}
    order["cancelledAt"] = now_text()
    order["cancelReason"] = reason
    order["updatedAt"] = now_text()
    return {"job": {"id": f"gid://shopify/Job/{next_id()}", "done": False}, "orderCancelUserErrors": [], "userErrors": []}


def fulfillment_order_owner(fulfillment_order_id):
    for order in STATE["orders"]:
        for fo in fulfillment_orders(order):
            if fo["id"] == fulfillment_order_id:
                return order, fo
    return None, None


def resolve_fulfillment_order_hold(_root, _info, id, fulfillmentHold):
    """Documented: a hold of the whole fulfilment order (no lines named), refused for one that is
    closed, and for a second hold with a handle the app already used on it."""
    order, fo = fulfillment_order_owner(id)
    if fo is None:
        return {"fulfillmentHold": None, "fulfillmentOrder": None, "userErrors": [user_error("Fulfillment order could not be found.", ["id"])]}
    if fo["status"] not in ("OPEN", "IN_PROGRESS", "ON_HOLD"):
        return {"fulfillmentHold": None, "fulfillmentOrder": fo,
                "userErrors": [user_error(f"The fulfillment order's status is {fo['status'].lower()}; it cannot be held.", ["id"])]}
    handle = fulfillmentHold.get("handle") or ""
    if handle and any(h["handle"] == handle for h in holds_of(order)):
        return {"fulfillmentHold": None, "fulfillmentOrder": fo,
                "userErrors": [user_error("The handle provided for the fulfillment hold is already in use by this app for another hold on "
                                          "this fulfillment order.", ["fulfillmentHold", "handle"])]}
    hold = {"id": f"gid://shopify/FulfillmentHold/{next_id()}", "handle": handle, "reason": fulfillmentHold["reason"],
            "reasonNotes": fulfillmentHold.get("reasonNotes"), "displayReason": fulfillmentHold["reason"].replace("_", " ").capitalize(),
            "heldByRequestingApp": True}
    order["_holds"] = holds_of(order) + [hold]
    order["displayFulfillmentStatus"] = "ON_HOLD"
    order["updatedAt"] = now_text()
    return {"fulfillmentHold": hold, "fulfillmentOrder": fulfillment_orders(order)[0], "userErrors": []}


def resolve_fulfillment_order_release_hold(_root, _info, id, holdIds=None, externalId=None):
    """Documented: releases the named holds of the fulfilment order (every hold when none is named)."""
    order, fo = fulfillment_order_owner(id)
    if fo is None:
        return {"fulfillmentOrder": None, "userErrors": [user_error("Fulfillment order could not be found.", ["id"])]}
    holds = holds_of(order)
    if not holds:
        return {"fulfillmentOrder": fo, "userErrors": [user_error("The fulfillment order is not on hold.", ["id"])]}
    order["_holds"] = [h for h in holds if holdIds is not None and h["id"] not in holdIds]
    if not order["_holds"]:
        order["displayFulfillmentStatus"] = lines_display_status(order)
    order["updatedAt"] = now_text()
    return {"fulfillmentOrder": fulfillment_orders(order)[0], "userErrors": []}


def order_by_id(gid):
    return next((o for o in STATE["orders"] if o["id"] == gid), None)


def resolve_tags(adding):
    def resolve(_root, _info, id, tags):
        order = order_by_id(id)
        if order is None:
            return {"node": None, "userErrors": [user_error("Order does not exist", ["id"])]}
        if adding:
            order["tags"] = order.get("tags", []) + [t for t in tags if t not in order.get("tags", [])]
        else:
            order["tags"] = [t for t in order.get("tags", []) if t not in tags]
        order["updatedAt"] = now_text()
        return {"node": order, "userErrors": []}
    return resolve


def resolve_order_update(_root, _info, input):
    order = order_by_id(input["id"])
    if order is None:
        return {"order": None, "userErrors": [user_error("Order does not exist", ["id"])]}
    for field in ("note", "tags", "email", "poNumber"):
        if field in input:
            order[field] = input[field]
    order["updatedAt"] = now_text()
    return {"order": order, "userErrors": []}


# ---- Shopify refunds: money moves only through transactions, each refunding a SALE or CAPTURE of the
# order (its parentId), at most what that payment has left; `suggestedRefund` says those amounts.

def presentment(bag):
    from decimal import Decimal
    return Decimal(bag["presentmentMoney"]["amount"]) if bag else Decimal(0)


def money_bag(amount, order):
    text = f"{amount:.2f}"
    return {"shopMoney": {"amount": text, "currencyCode": order["currencyCode"]},
            "presentmentMoney": {"amount": text, "currencyCode": order["presentmentCurrencyCode"]}}


def transactions_of(order):
    """The order's payments as the shop recorded them: a test's own list, else one successful sale of
    the whole total through its first gateway when the order was paid; refunds add theirs."""
    if "transactions" not in order:
        paid = order.get("displayFinancialStatus") in ("PAID", "PARTIALLY_REFUNDED", "REFUNDED", "PARTIALLY_PAID")
        gateway = (order.get("paymentGatewayNames") or ["manual"])[0]
        order["transactions"] = [{"id": f"gid://shopify/OrderTransaction/{order['legacyResourceId']}1", "kind": "SALE", "status": "SUCCESS",
                                  "gateway": gateway, "amountSet": order["totalPriceSet"], "parentTransaction": None}] if paid else []
    return order["transactions"]


def refundable_payments(order):
    """Each successful sale or capture with what it can still give back (its amount less its refunds)."""
    payments = []
    for payment in transactions_of(order):
        if payment["kind"] in ("SALE", "CAPTURE") and payment["status"] == "SUCCESS":
            given = sum((presentment(t["amountSet"]) for t in transactions_of(order)
                         if t["kind"] == "REFUND" and (t.get("parentTransaction") or {}).get("id") == payment["id"]), start=presentment(None))
            payments.append((payment, presentment(payment["amountSet"]) - given))
    return payments


def resolve_suggested_refund(order, _info, refundLineItems=None, shippingAmount=None, refundShipping=None, suggestFullRefund=False):
    from decimal import Decimal
    payments = refundable_payments(order)
    most = sum((left for _, left in payments), start=Decimal(0))
    if suggestFullRefund:
        amount = most
    else:
        lines = {line["id"]: line for line in order.get("lineItems", [])}
        amount = sum((presentment(lines[i["lineItemId"]]["discountedUnitPriceSet"]) * i["quantity"]
                      for i in refundLineItems or [] if i["lineItemId"] in lines), start=Decimal(shippingAmount or 0))
        amount = min(amount, most)
    suggested, left = [], amount
    for payment, room in payments:
        taken = min(left, room)
        if taken > 0:
            suggested.append({"gateway": payment["gateway"], "kind": "SUGGESTED_REFUND", "amountSet": money_bag(taken, order),
                              "maximumRefundableSet": money_bag(room, order), "parentTransaction": payment})
            left -= taken
    zero = money_bag(Decimal(0), order)
    return {"amountSet": money_bag(amount, order), "maximumRefundableSet": money_bag(most, order), "subtotalSet": money_bag(amount, order),
            "totalTaxSet": zero, "shipping": {"amountSet": zero, "maximumRefundableSet": order["totalShippingPriceSet"], "taxSet": zero},
            "suggestedTransactions": suggested}


def idempotency_key(info):
    for directive in info.field_nodes[0].directives or []:
        if directive.name.value == "idempotent":
            value = directive.arguments[0].value
            return info.variable_values.get(value.name.value) if value.kind == "variable" else value.value
    return None


def resolve_refund_create(_root, info, input):
    """Documented: the idempotent directive is required (2026-04); the same key again answers what the
    first request made. Each line at most its units not yet refunded; each transaction a REFUND of one of
    the order's payments, at most what that payment has left; the presentment currency named when it is
    not the shop's."""
    from decimal import Decimal, InvalidOperation
    key = idempotency_key(info)
    if not key:
        raise GraphQLError("The @idempotent directive is required for this mutation.")
    if key in STATE["idempotent"]:
        return STATE["idempotent"][key]
    order = order_by_id(input["orderId"])
    if order is None:
        return {"order": None, "refund": None, "userErrors": [user_error("Order does not exist", ["orderId"])]}

    def refusal(message, field):
        return {"order": order, "refund": None, "userErrors": [user_error(message, field)]}
    if order["presentmentCurrencyCode"] != order["currencyCode"] and input.get("currency") != order["presentmentCurrencyCode"]:
        return refusal("Currency must match the presentment currency of the order.", ["currency"])
    lines = {line["id"]: line for line in order.get("lineItems", [])}
    refunded_units = {}
    for refund in order.get("refunds", []):
        for item in refund.get("refundLineItems", []):
            refunded_units[item["lineItem"]["id"]] = refunded_units.get(item["lineItem"]["id"], 0) + item["quantity"]
    for entry in input.get("refundLineItems") or []:
        line = lines.get(entry["lineItemId"])
        if line is None or not 0 < entry["quantity"] <= line["quantity"] - refunded_units.get(entry["lineItemId"], 0):
            return refusal("Quantity cannot refund more items than were purchased.", ["refundLineItems", "quantity"])
    payments = {payment["id"]: (payment, room) for payment, room in refundable_payments(order)}
    total = Decimal(0)
    for entry in input.get("transactions") or []:
        try:
            amount = Decimal(entry["amount"])
        except InvalidOperation:
            return refusal("Amount is invalid.", ["transactions", "amount"])
        if entry["kind"] != "REFUND" or entry.get("parentId") not in payments or entry["orderId"] != order["id"]:
            return refusal("Parent transaction does not exist.", ["transactions", "parentId"])
        if amount <= 0 or amount > payments[entry["parentId"]][1]:
            return refusal(f"Refund amount of {amount:.2f} exceeds the refundable amount of {payments[entry['parentId']][1]:.2f}.",
                           ["transactions", "amount"])
        total += amount
    refund = {"id": f"gid://shopify/Refund/{next_id()}", "createdAt": now_text(), "note": input.get("note"),
              "totalRefundedSet": money_bag(total, order),
              "refundLineItems": [{"quantity": e["quantity"], "restockType": e.get("restockType") or "RETURN",
                                   "restocked": (e.get("restockType") or "RETURN") != "NO_RESTOCK", "lineItem": lines[e["lineItemId"]]}
                                  for e in input.get("refundLineItems") or []]}
    for entry in input.get("refundLineItems") or []:
        line = lines[entry["lineItemId"]]
        line["currentQuantity"] = line.get("currentQuantity", line["quantity"]) - entry["quantity"]
        if entry.get("restockType") == "CANCEL":
            line["unfulfilledQuantity"] = max(line.get("unfulfilledQuantity", 0) - entry["quantity"], 0)
    for entry in input.get("transactions") or []:
        transactions_of(order).append({"id": f"gid://shopify/OrderTransaction/{next_id()}", "kind": "REFUND", "status": "SUCCESS",
                                       "gateway": entry["gateway"], "amountSet": money_bag(Decimal(entry["amount"]), order),
                                       "parentTransaction": payments[entry["parentId"]][0]})
    order.setdefault("refunds", []).append(refund)
    refunded = presentment(order.get("totalRefundedSet")) + total
    order["totalRefundedSet"] = money_bag(refunded, order)
    order["currentTotalPriceSet"] = money_bag(presentment(order["totalPriceSet"]) - refunded, order)
    left = sum((room for _, room in refundable_payments(order)), start=Decimal(0))
    order["displayFinancialStatus"] = "REFUNDED" if left == 0 else "PARTIALLY_REFUNDED"
    order["updatedAt"] = now_text()
    answer = {"order": order, "refund": refund, "userErrors": []}
    STATE["idempotent"][key] = answer
    return answer


if PLATFORM == "shopify":
    SCHEMA.mutation_type.fields["fulfillmentCreate"].resolve = resolve_fulfillment_create
    SCHEMA.mutation_type.fields["orderCancel"].resolve = resolve_order_cancel
    SCHEMA.mutation_type.fields["fulfillmentOrderHold"].resolve = resolve_fulfillment_order_hold
    SCHEMA.mutation_type.fields["fulfillmentOrderReleaseHold"].resolve = resolve_fulfillment_order_release_hold
    SCHEMA.mutation_type.fields["tagsAdd"].resolve = resolve_tags(True)
    SCHEMA.mutation_type.fields["tagsRemove"].resolve = resolve_tags(False)
    SCHEMA.mutation_type.fields["orderUpdate"].resolve = resolve_order_update
    SCHEMA.mutation_type.fields["refundCreate"].resolve = resolve_refund_create
    SCHEMA.type_map["Node"].resolve_type = lambda value, *_: ("Order" if "legacyResourceId" in value else
                                                              "FulfillmentHold" if "handle" in value else "FulfillmentOrder")
    SCHEMA.type_map["Order"].fields["fulfillmentOrders"].resolve = lambda o, _i, first=None, after=None, **_: connection(fulfillment_orders(o), first, after)
    SCHEMA.type_map["FulfillmentOrder"].fields["lineItems"].resolve = lambda fo, _i, **arguments: connection(fo["lineItems"], **arguments)
    SCHEMA.type_map["Fulfillment"].fields["fulfillmentLineItems"].resolve = \
        lambda f, _i, **arguments: connection(f.get("fulfillmentLineItems", []), **arguments)
    SCHEMA.query_type.fields["orders"].resolve = resolve_orders
    SCHEMA.query_type.fields["order"].resolve = resolve_order
    SCHEMA.query_type.fields["refund"].resolve = resolve_refund
    order_type = SCHEMA.type_map["Order"]
    order_type.fields["lineItems"].resolve = lambda o, _i, **arguments: connection(o.get("lineItems", []), **arguments)
    order_type.fields["fulfillments"].resolve = lambda o, _i, first=None: o.get("fulfillments", [])[:first] if first else o.get("fulfillments", [])
    order_type.fields["transactions"].resolve = lambda o, _i, first=None: transactions_of(o)[:first] if first else transactions_of(o)
    order_type.fields["suggestedRefund"].resolve = resolve_suggested_refund
    order_type.fields["refunds"].resolve = lambda o, _i, first=None: o.get("refunds", [])[:first] if first else o.get("refunds", [])
    SCHEMA.type_map["Fulfillment"].fields["trackingInfo"].resolve = \
        lambda f, _i, first=None: f.get("trackingInfo", [])[:first] if first else f.get("trackingInfo", [])
    SCHEMA.type_map["Refund"].fields["refundLineItems"].resolve = lambda r, _i, **arguments: connection(r.get("refundLineItems", []), **arguments)


def shopify_answer(handler, body):
    if handler.path != f"/admin/api/{API_VERSION}/graphql.json":
        return handler.reply(404, {"errors": "Not Found"})
    if handler.headers.get("X-Shopify-Access-Token") != SECRET:
        return handler.reply(401, {"errors": "[API] Invalid API key or access token (unrecognized login or wrong password)"})
    try:
        request = json.loads(body)
        document = parse(request["query"])
    except Exception as error:  # noqa: BLE001 - the API answers 400 for a body it cannot read
        return handler.reply(400, {"errors": {"query": f"Required parameter missing or invalid: {error}"}})
    variables = request.get("variables") or {}
    problems = validate(SCHEMA, document)
    if problems:
        with LOCK:
            STATE["stats"]["invalid"] += 1
        return handler.reply(200, {"errors": [{"message": p.message, "locations": [{"line": l.line, "column": l.column} for l in p.locations or []]} for p in problems]})
    fragments = {d.name.value: d for d in document.definitions if isinstance(d, FragmentDefinitionNode)}
    operation = next(d for d in document.definitions if isinstance(d, OperationDefinitionNode))
    is_mutation = operation.operation.value == "mutation"
    root = SCHEMA.mutation_type if is_mutation else SCHEMA.query_type
    # A mutation costs 10 points (documented for the REST-like writes; unconfirmed for GraphQL).
    requested = 10 if is_mutation else cost_of(root, operation.selection_set, fragments, variables)
    with LOCK:
        refill()
        STATE["stats"]["highest_cost"] = max(STATE["stats"]["highest_cost"], requested)
        if requested > 1000:
            STATE["stats"]["max_cost_exceeded"] += 1
            return handler.reply(200, {"errors": [{"message": f"Query cost is {requested}, which exceeds the single query max cost limit (1000).",
                                                  "extensions": {"code": "MAX_COST_EXCEEDED", "cost": requested, "maxCost": 1000}}],
                                       "extensions": {"cost": {"requestedQueryCost": requested, "actualQueryCost": None, "throttleStatus": throttle_status()}}})
        if requested > STATE["available"]:
            STATE["stats"]["throttled"] += 1
            STATE["stats"]["over_budget"] += 1
            return handler.reply(200, {"errors": [{"message": "Throttled", "extensions": {"code": "THROTTLED", "documentation": "https://shopify.dev/api/usage/rate-limits"}}],
                                       "extensions": {"cost": {"requestedQueryCost": requested, "actualQueryCost": None, "throttleStatus": throttle_status()}}})
        STATE["stats"]["queries"] += 1
        fault = STATE["write_faults"].pop(0) if is_mutation and STATE["write_faults"] else None
        stalled = False
        if fault == "500":
            return handler.reply(500, {"errors": "Internal Server Error"})
        result = execute(SCHEMA, document, variable_values=variables)
        if is_mutation:
            field = next(selection_fields(operation.selection_set, fragments)).name.value
            STATE["received"].append({"field": field, "variables": variables})
            if fault == "500-after":
                return handler.reply(500, {"errors": "Internal Server Error"})
            if fault == "stall-after":
                stalled = True
            if fault == "drop-after":
                handler.close_connection = True
                handler.connection.shutdown(2)
                return
        # The requested cost is taken before running; what the results did not cost is given back.
        actual = requested if is_mutation else min(requested, actual_cost_of(root, operation.selection_set, fragments, result.data))
        STATE["available"] -= actual
        status = throttle_status()
    if stalled:
        # Outside the lock: the shop goes on answering others while this answer is held.
        time.sleep(50)
    answer = {"data": result.data, "extensions": {"cost": {"requestedQueryCost": requested, "actualQueryCost": actual, "throttleStatus": status}}}
    if result.errors:
        answer["errors"] = [{"message": e.message} for e in result.errors]
    return handler.reply(200, answer)


# ---- WooCommerce REST API v3: GET /wp-json/wc/v3/orders

def woo_order_answer(handler, order_id, notes, body):
    """`GET|PUT /orders/{id}`, `GET|POST /orders/{id}/notes` (REST v3, Orders and Order notes)."""
    order = next((o for o in STATE["orders"] if str(o["id"]) == order_id), None)
    if order is None:
        return handler.reply(404, {"code": "woocommerce_rest_shop_order_invalid_id", "message": "Invalid ID.", "data": {"status": 404}})
    if handler.command == "GET":
        return handler.reply(200, STATE["notes"].get(order_id, []) if notes else order)
    with LOCK:
        fault = STATE["write_faults"].pop(0) if STATE["write_faults"] else None
    if fault == "500":
        return handler.reply(500, {"code": "internal_server_error", "message": "There has been a critical error on this website.", "data": {"status": 500}})
    if fault == "refuse":
        return handler.reply(400, {"code": "woocommerce_rest_cannot_edit", "message": "Sorry, you are not allowed to edit this resource.",
                                   "data": {"status": 400}})
    change = json.loads(body or b"{}")
    with LOCK:
        STATE["received"].append({"method": handler.command, "path": urlparse_path(handler.path), "body": change})
        if notes and handler.command == "POST":
            note = {"id": next_id(), "author": "orders", "date_created": now_text()[:-1], "date_created_gmt": now_text()[:-1],
                    "note": change.get("note", ""), "customer_note": bool(change.get("customer_note", False)), "added_by_user": False}
            STATE["notes"].setdefault(order_id, []).insert(0, note)
            answer, status = note, 201
        elif not notes and handler.command == "PUT":
            if "status" in change:
                order["status"] = change["status"]
            order["date_modified_gmt"] = now_text()[:-1]
            answer, status = order, 200
        else:
            return handler.reply(404, {"code": "rest_no_route", "message": "No route was found matching the URL and request method.", "data": {"status": 404}})
    if fault == "500-after":
        return handler.reply(500, {"code": "internal_server_error", "message": "There has been a critical error on this website.", "data": {"status": 500}})
    if fault == "drop-after":
        handler.close_connection = True
        handler.connection.shutdown(2)
        return
    return handler.reply(status, answer)


def woo_refunds_answer(handler, order, body):
    """`GET|POST /orders/{id}/refunds` (REST v3, Refunds). As WooCommerce's `wc_create_refund`: a refund
    of more than the order's total less its refunds, or one the gateway cannot pay back (`api_refund`
    with a payment method that has no automatic refunds: bank transfer, cheque, cash on delivery), is
    not made, and the answer is HTTP 500 `woocommerce_rest_cannot_create_order_refund`."""
    from decimal import Decimal
    order_id = str(order["id"])
    if handler.command == "GET":
        return handler.reply(200, STATE["refunds"].get(order_id, []))
    with LOCK:
        fault = STATE["write_faults"].pop(0) if STATE["write_faults"] else None
    if fault == "500":
        return handler.reply(500, {"code": "internal_server_error", "message": "There has been a critical error on this website.", "data": {"status": 500}})
    change = json.loads(body or b"{}")

    def cannot(message):
        return handler.reply(500, {"code": "woocommerce_rest_cannot_create_order_refund", "message": message, "data": {"status": 500}})
    with LOCK:
        STATE["received"].append({"method": "POST", "path": urlparse_path(handler.path), "body": change})
        amount = Decimal(change.get("amount") or "0")
        if amount < 0:
            return handler.reply(400, {"code": "woocommerce_rest_invalid_order_refund", "message": "Refund amount must be greater than zero.",
                                       "data": {"status": 400}})
        given = sum((abs(Decimal(r["total"])) for r in order.get("refunds", [])), start=Decimal(0))
        if amount > Decimal(order["total"]) - given:
            return cannot("Invalid refund amount.")
        if change.get("api_refund", True) and order.get("payment_method") in ("bacs", "cheque", "cod"):
            return cannot("The payment gateway for this order does not support automatic refunds.")
        made = {"id": next_id(), "date_created": now_text()[:-1], "date_created_gmt": now_text()[:-1], "amount": f"{amount:.2f}",
                "reason": change.get("reason") or "", "refunded_by": 1, "refunded_payment": bool(change.get("api_refund", True)),
                "meta_data": [dict(entry, id=next_id()) for entry in change.get("meta_data", [])],
                "line_items": [dict(entry, quantity=-entry.get("quantity", 0)) for entry in change.get("line_items", [])]}
        STATE["refunds"].setdefault(order_id, []).insert(0, made)
        order["refunds"] = [{"id": made["id"], "reason": made["reason"], "total": f"-{amount:.2f}"}] + order.get("refunds", [])
        if amount == Decimal(order["total"]) - given:
            order["status"] = "refunded"
        order["date_modified_gmt"] = now_text()[:-1]
    if fault == "500-after":
        return handler.reply(500, {"code": "internal_server_error", "message": "There has been a critical error on this website.", "data": {"status": 500}})
    if fault == "drop-after":
        handler.close_connection = True
        handler.connection.shutdown(2)
        return
    return handler.reply(201, made)


def urlparse_path(path):
    from urllib.parse import urlparse
    return urlparse(path).path


def woo_answer(handler, body=b""):
    from urllib.parse import urlparse, parse_qs
    import re
    url = urlparse(handler.path)
    single = re.fullmatch(r"/wp-json/wc/v3/orders/(\d+)(/notes|/refunds)?", url.path)
    if url.path != "/wp-json/wc/v3/orders" and not single:
        return handler.reply(404, {"code": "rest_no_route", "message": "No route was found matching the URL and request method.", "data": {"status": 404}})
    expected = "Basic " + base64.b64encode(SECRET.encode()).decode()
    if handler.headers.get("Authorization") != expected:
        return handler.reply(401, {"code": "woocommerce_rest_authentication_error", "message": "Consumer key is invalid.", "data": {"status": 401}})
    if single and single.group(2) == "/refunds":
        order = next((o for o in STATE["orders"] if str(o["id"]) == single.group(1)), None)
        if order is None:
            return handler.reply(404, {"code": "woocommerce_rest_invalid_order_id", "message": "Invalid order ID.", "data": {"status": 404}})
        return woo_refunds_answer(handler, order, body)
    if single:
        return woo_order_answer(handler, single.group(1), single.group(2) is not None, body)
    query = {k: v[-1] for k, v in parse_qs(url.query).items()}
    per_page, page = int(query.get("per_page", "10")), int(query.get("page", "1"))
    if not 1 <= per_page <= 100:
        return handler.reply(400, {"code": "rest_invalid_param", "message": "Invalid parameter(s): per_page", "data": {"status": 400}})
    orders = list(STATE["orders"])
    if "modified_after" in query:
        # Exclusive; with dates_are_gmt=true the moment is UTC.
        since = query["modified_after"].rstrip("Z")
        orders = [o for o in orders if o["date_modified_gmt"] > since]
    if query.get("orderby") == "modified":
        orders.sort(key=lambda o: (o["date_modified_gmt"], o["id"]), reverse=query.get("order") == "desc")
    else:
        orders.sort(key=lambda o: o["id"], reverse=query.get("order", "desc") == "desc")
    pages = max(1, -(-len(orders) // per_page))
    chunk = orders[(page - 1) * per_page: page * per_page]
    return handler.reply(200, chunk, {"X-WP-Total": str(len(orders)), "X-WP-TotalPages": str(pages)})


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *_):
        pass

    def reply(self, status, value, headers=None):
        data = json.dumps(value).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        for name, text in (headers or {}).items():
            self.send_header(name, text)
        self.end_headers()
        self.wfile.write(data)

    def body(self):
        return self.rfile.read(int(self.headers.get("Content-Length") or 0))

    def control(self, body):
        if self.command == "GET":
            with LOCK:
                if self.path == "/_control/received":
                    return self.reply(200, STATE["received"])
                if self.path == "/_control/orders":
                    if PLATFORM == "shopify":
                        return self.reply(200, STATE["orders"])
                    return self.reply(200, [dict(o, notes=STATE["notes"].get(str(o["id"]), [])) for o in STATE["orders"]])
                return self.reply(200, STATE["stats"])
        change = json.loads(body)
        with LOCK:
            if "orders" in change:
                STATE["orders"] = change["orders"]
            if "upsert" in change:
                key = "legacyResourceId" if PLATFORM == "shopify" else "id"
                STATE["orders"] = [o for o in STATE["orders"] if o[key] != change["upsert"][key]] + [change["upsert"]]
            if "faults" in change:
                STATE["faults"] += change["faults"]
            if "write_faults" in change:
                STATE["write_faults"] += change["write_faults"]
            if "refuse" in change:
                STATE["refuse"] = change["refuse"]
            if "bucket" in change:
                STATE["maximum"] = float(change["bucket"]["maximum"])
                STATE["restore"] = float(change["bucket"]["restore"])
                STATE["available"] = STATE["maximum"]
                STATE["at"] = time.monotonic()
        return self.reply(200, {"ok": True})

    def handle_api(self):
        body = self.body()
        if self.path.startswith("/_control"):
            return self.control(body)
        with LOCK:
            STATE["stats"]["requests"] += 1
            fault = STATE["faults"].pop(0) if STATE["faults"] else None
        if fault == "stall":
            time.sleep(50)
        if fault == "drop":
            self.close_connection = True
            self.connection.shutdown(2)
            return
        if fault == "500":
            return self.reply(500, {"errors": "Internal Server Error"})
        if fault == "429":
            return self.reply(429, {"errors": "Too Many Requests"} if PLATFORM == "shopify" else
                              {"code": "woocommerce_rest_too_many_requests", "message": "Too many requests.", "data": {"status": 429}},
                              {"Retry-After": "1"})
        if PLATFORM == "shopify":
            return shopify_answer(self, body) if self.command == "POST" else self.reply(405, {"errors": "Method Not Allowed"})
        return woo_answer(self, body)

    do_GET = handle_api
    do_POST = handle_api
    do_PUT = handle_api


server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
context.load_cert_chain(CERT, KEY)
server.socket = context.wrap_socket(server.socket, server_side=True)
print(server.server_address[1], flush=True)
server.serve_forever()
