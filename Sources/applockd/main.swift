print("applockd")
