a: {test.nop: []}
