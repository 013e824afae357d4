a
{% frobnicate %}
