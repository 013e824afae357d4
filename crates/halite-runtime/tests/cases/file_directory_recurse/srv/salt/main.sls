{% set s = salt["environ.get"]("HALITE_SCRATCH") %}
setup:
  cmd.run:
    - name: for d in r1 r2 r3 r4; do mkdir -p {{ s }}/$d/sub; printf x > {{ s }}/$d/f; printf y > {{ s }}/$d/sub/g; chmod 644 {{ s }}/$d/f {{ s }}/$d/sub/g; chmod 755 {{ s }}/$d/sub {{ s }}/$d; done
rec_mode:
  file.directory:
    - name: {{ s }}/r1
    - dir_mode: 750
    - file_mode: 600
    - recurse:
      - mode
rec_silent:
  file.directory:
    - name: {{ s }}/r2
    - mode: 700
    - recurse:
      - mode
      - silent
rec_ignore_files:
  file.directory:
    - name: {{ s }}/r3
    - dir_mode: 711
    - file_mode: 600
    - recurse:
      - mode
      - ignore_files
rec_user_missing:
  file.directory:
    - name: {{ s }}/r4
    - recurse:
      - user
rec_bad:
  file.directory:
    - name: {{ s }}/r4
    - recurse:
      - nonsense
rec_not_list:
  file.directory:
    - name: {{ s }}/r4
    - recurse: mode
rec_again:
  file.directory:
    - name: {{ s }}/r1
    - dir_mode: 750
    - file_mode: 600
    - recurse:
      - mode
show:
  cmd.run:
    - name: cd {{ s }} && stat -c '%a %n' r1 r1/f r1/sub r1/sub/g r2 r2/f r2/sub r3/f r3/sub
