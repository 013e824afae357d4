{% set s = salt["environ.get"]("HALITE_SCRATCH") %}
setup:
  cmd.run:
    - name: printf 'old\n' > {{ s }}/f600; chmod 600 {{ s }}/f600; printf 'same\n' > {{ s }}/same; chmod 600 {{ s }}/same; mkdir -m 700 {{ s }}/d700
src_mode:
  file.managed:
    - name: {{ s }}/f600
    - source: salt://files/new.txt
    - mode: 644
same_mode_only:
  file.managed:
    - name: {{ s }}/same
    - contents: same
    - mode: 640
same_mode_noop:
  file.managed:
    - name: {{ s }}/same
    - contents: same
    - mode: '0640'
dir_mode:
  file.directory:
    - name: {{ s }}/d700
    - mode: 755
owner_noop:
  file.managed:
    - name: {{ s }}/same
    - user: root
    - group: root
    - replace: False
copy_mode:
  file.copy:
    - name: {{ s }}/copied
    - source: {{ s }}/f600
    - mode: 600
show:
  cmd.run:
    - name: stat -c '%a %n' {{ s }}/f600 {{ s }}/same {{ s }}/d700 {{ s }}/copied | sed "s|{{ s }}||"
