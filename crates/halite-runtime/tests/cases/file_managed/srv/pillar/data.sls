mykey: |
  pillar text
  second
