print("vcaudit")
