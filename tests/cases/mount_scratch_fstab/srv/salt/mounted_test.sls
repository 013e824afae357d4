{%- set sample = opts.file_roots.base[0] ~ '/fstab.sample' %}
same-entry:
  mount.mounted:
    - name: /halitetest-svc-mnt
    - device: /dev/halitetest-svc-disk
    - fstype: ext4
    - pass_num: 2
    - mount: False
    - config: {{ sample }}
changed-entry:
  mount.mounted:
    - name: /halitetest-svc-mnt2
    - device: /dev/halitetest-svc-disk2
    - fstype: ext4
    - opts: noatime
    - mount: False
    - config: {{ sample }}
new-entry-mkmnt:
  mount.mounted:
    - name: /halitetest-svc-mnt3
    - device: /dev/halitetest-svc-disk3
    - fstype: ext4
    - mount: False
    - mkmnt: True
    - config: {{ sample }}
existing-dir-new-entry:
  mount.mounted:
    - name: {{ opts.file_roots.base[0] }}
    - device: /dev/halitetest-svc-disk4
    - fstype: ext4
    - mount: False
    - config: {{ sample }}
unmount-persist-test:
  mount.unmounted:
    - name: /halitetest-svc-mnt
    - persist: True
    - config: {{ sample }}
