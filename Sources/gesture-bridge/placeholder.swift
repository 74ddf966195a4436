// Replaced by the CLI.
print("gesture-bridge: not built yet")
