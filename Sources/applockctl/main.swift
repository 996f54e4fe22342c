print("applockctl")
