secret: hidden
