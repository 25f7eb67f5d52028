print("rasp: not built yet")
