import OrdersCore
import TermRender

print("orders-bench: under construction")
