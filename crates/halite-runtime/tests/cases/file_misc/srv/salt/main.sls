{% set s = salt['environ.get']('HALITE_SCRATCH') %}
setup:
  cmd.run:
    - name: printf 'x\n' > {{ s }}/present; mkdir {{ s }}/dir; printf y > {{ s }}/dir/f; printf 'c\n' > {{ s }}/copysrc; printf m > {{ s }}/moveme
absent_file:
  file.absent:
    - name: {{ s }}/present
absent_dir:
  file.absent:
    - name: {{ s }}/dir
absent_none:
  file.absent:
    - name: {{ s }}/nothing
absent_rel:
  file.absent:
    - name: rel
touch_new:
  file.touch:
    - name: {{ s }}/touched
touch_missing_dir:
  file.touch:
    - name: {{ s }}/no/dir/touched
exists_yes:
  file.exists:
    - name: {{ s }}/copysrc
exists_no:
  file.exists:
    - name: {{ s }}/nope
missing_yes:
  file.missing:
    - name: {{ s }}/nope
missing_no:
  file.missing:
    - name: {{ s }}/copysrc
symlink_new:
  file.symlink:
    - name: {{ s }}/link
    - target: {{ s }}/copysrc
symlink_again:
  file.symlink:
    - name: {{ s }}/link
    - target: {{ s }}/copysrc
symlink_over_file:
  file.symlink:
    - name: {{ s }}/copysrc
    - target: /etc/hostname
copy_new:
  file.copy:
    - name: {{ s }}/copied
    - source: {{ s }}/copysrc
copy_exists:
  file.copy:
    - name: {{ s }}/copied
    - source: {{ s }}/copysrc
copy_nosrc:
  file.copy:
    - name: {{ s }}/copied2
    - source: {{ s }}/nosrc
rename_it:
  file.rename:
    - name: {{ s }}/moved
    - source: {{ s }}/moveme
rename_nosrc:
  file.rename:
    - name: {{ s }}/moved2
    - source: {{ s }}/nosrc
