def svg(view, seat):
    return "<svg xmlns='http://www.w3.org/2000/svg'><title>Khronos</title><text>x</text></svg>"
