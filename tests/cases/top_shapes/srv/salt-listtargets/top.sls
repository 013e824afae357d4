listtargets:
  - a
