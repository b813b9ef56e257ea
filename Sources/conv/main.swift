print("conv: not yet")
