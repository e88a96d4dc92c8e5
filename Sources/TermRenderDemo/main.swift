import TermRender

print("termrender-demo: under construction")
