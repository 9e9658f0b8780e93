print("identity-bench: placeholder")
