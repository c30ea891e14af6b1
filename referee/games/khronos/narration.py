def sentence(event, names):
    return "x"
