a:
  test.nop: []

# module.run and event.send have a mod_watch (an alias in Salt's states/module.py and
# event.py), so their watch stays a watch; file.touch has none: Salt 3008 makes it a require
m:
  module.run:
    - test.ping: []
    - watch:
      - test: a
e:
  event.send:
    - name: x/y
    - watch:
      - test: a
f:
  file.touch:
    - name: /tmp/halitetest-graph/touch
    - watch:
      - test: a
