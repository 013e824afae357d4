{% set s = salt["environ.get"]("HALITE_SCRATCH") %}
setup:
  cmd.run:
    - name: mkdir {{ s }}/srcdir {{ s }}/dest; printf a > {{ s }}/srcdir/a; printf b > {{ s }}/b
copy_dir:
  file.copy:
    - name: {{ s }}/copydir
    - source: {{ s }}/srcdir
copy_makedirs:
  file.copy:
    - name: {{ s }}/n/e/w/b
    - source: {{ s }}/b
    - makedirs: True
copy_nodir:
  file.copy:
    - name: {{ s }}/m/b
    - source: {{ s }}/b
copy_subdir:
  file.copy:
    - name: {{ s }}/dest
    - source: {{ s }}/b
    - subdir: True
copy_force:
  file.copy:
    - name: {{ s }}/copydir/a
    - source: {{ s }}/b
    - force: True
rename_makedirs:
  file.rename:
    - name: {{ s }}/r/s/b2
    - source: {{ s }}/b
    - makedirs: True
rename_exists:
  file.rename:
    - name: {{ s }}/copydir
    - source: {{ s }}/srcdir
rename_force:
  file.rename:
    - name: {{ s }}/copydir/a
    - source: {{ s }}/srcdir/a
    - force: True
