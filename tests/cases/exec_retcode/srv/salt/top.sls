base: {}
