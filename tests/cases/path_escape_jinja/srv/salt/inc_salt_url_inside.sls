x: {% include "salt://sub/in.txt" %}
