halitetest-alt:
  alternatives.auto: []
