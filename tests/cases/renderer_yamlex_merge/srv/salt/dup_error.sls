#!yaml
# the yaml renderer refuses what yamlex merges
repeated:
  test.nop: []
repeated:
  test.nop: []
