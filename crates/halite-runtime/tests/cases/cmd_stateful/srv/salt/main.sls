st1:
  cmd.run:
    - name: 'echo; echo changed=yes comment="it changed"'
    - stateful: True
st2:
  cmd.run:
    - name: 'echo; echo changed=no comment="nothing"'
    - stateful: True
st3:
  cmd.run:
    - name: 'echo "{\"changed\": true, \"comment\": \"json way\"}"'
    - stateful: True
st4:
  cmd.run:
    - name: 'echo plain'
    - stateful: True
st5:
  cmd.run:
    - name: 'echo; echo changed=yes'
    - stateful:
      - test_name: 'echo; echo changed=no comment="test mode"'
w1:
  cmd.wait:
    - name: echo never
w2:
  cmd.run:
    - name: echo watched
    - watch:
      - st1
