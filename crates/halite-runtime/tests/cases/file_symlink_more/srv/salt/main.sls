{% set s = salt["environ.get"]("HALITE_SCRATCH") %}
first:
  file.symlink:
    - name: {{ s }}/ln
    - target: /etc/hostname
change_target:
  file.symlink:
    - name: {{ s }}/ln
    - target: /etc/hosts
with_dirs:
  file.symlink:
    - name: {{ s }}/x/y/ln
    - target: /etc/hosts
    - makedirs: True
no_dirs:
  file.symlink:
    - name: {{ s }}/p/q/ln
    - target: /etc/hosts
force_over_file:
  cmd.run:
    - name: touch {{ s }}/plain
forced:
  file.symlink:
    - name: {{ s }}/plain
    - target: /etc/hosts
    - force: True
absent_link:
  file.absent:
    - name: {{ s }}/ln
