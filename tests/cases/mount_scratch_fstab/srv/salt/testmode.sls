{%- set fstab = opts.cachedir ~ '/fstab' %}
{% include 'fstab.jinja' %}
swap-listed:
  mount.swap:
    - name: /tmp/halitetest-svc-swap
    - config: {{ fstab }}
    - require:
      - file: fstab-file
swap-not-listed:
  mount.swap:
    - name: /tmp/halitetest-svc-swap2
    - config: {{ fstab }}
swap-no-persist:
  mount.swap:
    - name: /tmp/halitetest-svc-swap3
    - persist: False
proc-mounted:
  mount.unmounted:
    - name: /proc
would-mount:
  mount.mounted:
    - name: /halitetest-svc-mnt
    - device: /dev/halitetest-svc-disk
    - fstype: ext4
would-create:
  mount.mounted:
    - name: /halitetest-svc-mnt-new/
    - device: /dev/halitetest-svc-disk9
    - fstype: ext4
    - mkmnt: True
