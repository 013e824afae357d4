{% set s = salt['environ.get']('HALITE_SCRATCH') %}
# Salt's file.get_diff does not diff a binary file (by salt.utils.files.is_text on the first
# 512 bytes of each side): it notes the replacement instead.
setup:
  cmd.run:
    - name: >-
        cd {{ s }} &&
        for f in bin_bin bin_text bin_contents t_bin_bin; do printf 'old\000binary\001\002' > $f; done &&
        for f in text_bin t_text_bin; do printf 'old text\n' > $f; done &&
        head -c 3000000 /dev/zero > big_bin && printf 'latin\n' > mostly
bin_bin:
  file.managed:
    - name: {{ s }}/bin_bin
    - source: salt://files/blob.bin
bin_text:
  file.managed:
    - name: {{ s }}/bin_text
    - source: salt://files/text.txt
bin_contents:
  file.managed:
    - name: {{ s }}/bin_contents
    - contents: now text
text_bin:
  file.managed:
    - name: {{ s }}/text_bin
    - source: salt://files/blob.bin
big_bin:
  file.managed:
    - name: {{ s }}/big_bin
    - source: salt://files/blob.bin
mostly_text:
  file.managed:
    - name: {{ s }}/mostly
    - source: salt://files/mostly.txt
bin_bin_no_changes_shown:
  file.managed:
    - name: {{ s }}/bin_bin
    - source: salt://files/text.txt
    - show_changes: False
t_bin_bin:
  file.managed:
    - name: {{ s }}/t_bin_bin
    - source: salt://files/blob.bin
    - test: True
t_text_bin:
  file.managed:
    - name: {{ s }}/t_text_bin
    - source: salt://files/blob.bin
    - test: True
