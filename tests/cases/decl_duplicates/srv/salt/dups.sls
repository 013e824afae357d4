# Each further declaration of a module is reported (three here), and left in place.
x:
  file.managed:
    - name: /tmp/x
  file.comment:
    - regex: a
  file.absent: []
  pkg: []
  pkg.installed: []
