r:
  test.nop:
    - a: [&x 1, *x]
    - b: {&k1 k: &v1 v, z: *v1}
