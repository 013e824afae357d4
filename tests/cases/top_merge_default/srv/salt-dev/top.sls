dev:
  '*':
    - ignored_dev_section
qa:
  '*':
    - ignored_qa
