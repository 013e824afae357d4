base: {'*': [a]}
