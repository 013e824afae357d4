a: b: c
