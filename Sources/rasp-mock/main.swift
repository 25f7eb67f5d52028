import RaspMock
print("rasp-mock: not built yet")
