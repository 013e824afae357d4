just a string
