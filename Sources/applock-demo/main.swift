import AppLockClient

print("applock-demo")
