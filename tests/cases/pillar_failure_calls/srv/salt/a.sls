a: {test.nop: [{v: "{{ pillar.get('x') }}"}]}
