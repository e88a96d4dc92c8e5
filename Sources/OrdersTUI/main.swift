import OrdersCore
import TermRender

print("orders: under construction")
