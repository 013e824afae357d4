x: {test.nop: []}
