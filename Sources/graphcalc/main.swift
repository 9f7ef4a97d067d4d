print("graphcalc")
