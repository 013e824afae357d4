x1: [unclosed
