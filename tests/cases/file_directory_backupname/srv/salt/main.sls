{#- Files in the way, made while rendering so test=True sees them too. #}
{% set d = salt['environ.get']('HALITE_SCRATCH') %}
{% do salt['cmd.run']('mkdir -p ' ~ d ~ '/w && cd ' ~ d ~ '/w && echo a > one && echo b > two && echo c > three && echo old > oldbak && mkdir olddir && echo d > four && ln -s one link', python_shell=True) %}
backup_plain:
  file.directory:
    - name: {{ d }}/w/one
    - backupname: {{ d }}/w/one.bak
backup_exists_no_force:
  file.directory:
    - name: {{ d }}/w/two
    - backupname: {{ d }}/w/oldbak
backup_exists_force:
  file.directory:
    - name: {{ d }}/w/three
    - backupname: {{ d }}/w/olddir
    - force: True
force_file:
  file.directory:
    - name: {{ d }}/w/four
    - force: True
force_link:
  file.directory:
    - name: {{ d }}/w/link
    - force: True
file_no_force:
  file.directory:
    - name: {{ d }}/w/oldbak
