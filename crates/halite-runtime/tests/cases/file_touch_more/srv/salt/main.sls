{% set s = salt["environ.get"]("HALITE_SCRATCH") %}
setup:
  cmd.run:
    - name: touch {{ s }}/exists; mkdir {{ s }}/adir
touch_existing:
  file.touch:
    - name: {{ s }}/exists
touch_dir:
  file.touch:
    - name: {{ s }}/adir
touch_makedirs:
  file.touch:
    - name: {{ s }}/new/dir/file
    - makedirs: True
touch_rel:
  file.touch:
    - name: relative
