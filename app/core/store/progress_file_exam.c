/* progress_file_exam.c - the exams' part of the progress store's JSON
 * text (the format is in progress_file.h), and the lists of strings and
 * the objects every part of it holds (file_add_strings, file_add_object);
 * file_parse reads it. */
#include <stdio.h>

#include <cJSON.h>

#include "paratutor/store/progress_file.h"

bool file_add_strings(cJSON *o, const char *name, char *const *v, size_t n)
{
	cJSON *arr = cJSON_CreateArray();
	bool ok = arr != NULL;
	for (size_t i = 0; ok && i < n; i++) {
		cJSON *s = cJSON_CreateString(v[i]);
		ok = s != NULL && cJSON_AddItemToArray(arr, s);
		if (!ok)
			cJSON_Delete(s);
	}
	ok = ok && cJSON_AddItemToObject(o, name, arr);
	if (!ok)
		cJSON_Delete(arr);
	return ok;
}

cJSON *file_add_object(cJSON *arr)
{
	cJSON *o = cJSON_CreateObject();
	if (o == NULL || !cJSON_AddItemToArray(arr, o)) {
		cJSON_Delete(o);
		return NULL;
	}
	return o;
}

bool file_add_num(cJSON *obj, const char *name, double v)
{
	return cJSON_AddNumberToObject(obj, name, v) != NULL;
}

bool file_add_hex(cJSON *o, const char *name, unsigned long long v)
{
	char hex[17];
	snprintf(hex, sizeof hex, "%016llx", v);
	return cJSON_AddStringToObject(o, name, hex) != NULL;
}

/* Builds one stored exam's object, or NULL when out of memory. */
static cJSON *exam_json(const pt_exam_record *r)
{
	cJSON *o = cJSON_CreateObject();
	bool open = r->finished == 0;
	bool ok = o != NULL && cJSON_AddStringToObject(o, "id", r->id) != NULL && file_add_hex(o, "seed", r->seed) &&
	    cJSON_AddBoolToObject(o, "shuffle", r->shuffle) != NULL && file_add_num(o, "started", (double)r->started) &&
	    file_add_num(o, "finished", (double)r->finished) && file_add_num(o, "limit", (double)r->limit) &&
	    file_add_num(o, "pass", r->pass_percent) && file_add_num(o, "used", (double)r->used) &&
	    (r->leaves == 0 || file_add_num(o, "leaves", r->leaves)) &&
	    (r->interruptions == 0 || file_add_num(o, "interruptions", r->interruptions)) &&
	    (r->retake_of == NULL || cJSON_AddStringToObject(o, "retake_of", r->retake_of) != NULL) &&
	    (open ? file_add_num(o, "left", (double)r->left) && file_add_num(o, "current", (double)r->current) &&
	            cJSON_AddBoolToObject(o, "sitting", r->sitting) != NULL
	          : cJSON_AddBoolToObject(o, "timed_out", r->timed_out) != NULL &&
	            (!r->answers_kept || cJSON_AddBoolToObject(o, "answers_kept", true) != NULL));
	cJSON *items = ok ? cJSON_AddArrayToObject(o, "items") : NULL;
	ok = items != NULL;
	for (size_t i = 0; ok && i < r->n_items; i++) {
		const pt_exam_entry *k = &r->items[i];
		cJSON *io = file_add_object(items);
		ok = io != NULL && cJSON_AddStringToObject(io, "lesson", k->lesson) != NULL &&
		    cJSON_AddStringToObject(io, "item", k->item) != NULL && file_add_hex(io, "hash", k->hash) &&
		    cJSON_AddBoolToObject(io, "marked", k->marked) != NULL &&
		    (k->n_answer == 0 || file_add_strings(io, "answer", k->answer, k->n_answer)) &&
		    (open || cJSON_AddStringToObject(io, "result", progress_exam_result_word(k->result)) != NULL);
	}
	if (!ok) {
		cJSON_Delete(o);
		return NULL;
	}
	return o;
}

bool file_add_exams(cJSON *root, const store_data *d)
{
	if (d->n_exams == 0 && d->open_exam == NULL)
		return true;
	cJSON *exams = cJSON_AddObjectToObject(root, "exams");
	if (exams == NULL)
		return false;
	if (d->open_exam != NULL) {
		cJSON *o = exam_json(d->open_exam);
		if (o == NULL || !cJSON_AddItemToObject(exams, "open", o)) {
			cJSON_Delete(o);
			return false;
		}
	}
	cJSON *done = cJSON_AddArrayToObject(exams, "done");
	bool ok = done != NULL;
	for (size_t i = 0; ok && i < d->n_exams; i++) {
		cJSON *o = exam_json(&d->exams[i]);
		ok = o != NULL && cJSON_AddItemToArray(done, o);
		if (!ok)
			cJSON_Delete(o);
	}
	return ok;
}
