#!jinja|yaml|gpg
x:
  test.nop:
    - name: "{{ 1 + 1 }}"
    - text: |
        -----BEGIN PGP MESSAGE-----
        hQEMAw
        -----END PGP MESSAGE-----
