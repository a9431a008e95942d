define dllexport void @svm_rg(i64 %arg0, <16 x i64> %arg1, <32 x float> %arg2) {
bb0:
  %v0 = icmp ult <16 x i64> %arg1, <i64 4096, i64 4096, i64 4096, i64 4096, i64 4096, i64 4096, i64 4096, i64 4096, i64 4096, i64 4096, i64 4096, i64 4096, i64 4096, i64 4096, i64 4096, i64 4096>
  %v1 = call <32 x float> @llvm.genx.svm.gather4.scaled.v32f32.v16i1.i16.i64.v16i64.v32f32(<16 x i1> %v0, i32 3, i16 0, i64 %arg0, <16 x i64> %arg1, <32 x float> %arg2)
  %v2 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v1, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v3 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v1, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v4 = fadd <16 x float> %v2, %v3
  call void @llvm.genx.svm.scatter4.scaled.v16i1.i16.i64.v16i64.v16f32(<16 x i1> %v0, i32 1, i16 0, i64 %arg0, <16 x i64> %arg1, <16 x float> %v4)
  ret void
}

declare <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float>, i32, i32, i32, i16, i32)
declare <32 x float> @llvm.genx.svm.gather4.scaled.v32f32.v16i1.i16.i64.v16i64.v32f32(<16 x i1>, i32, i16, i64, <16 x i64>, <32 x float>)
declare void @llvm.genx.svm.scatter4.scaled.v16i1.i16.i64.v16i64.v16f32(<16 x i1>, i32, i16, i64, <16 x i64>, <16 x float>)

!genx.kernels = !{!0}
!0 = !{void (i64, <16 x i64>, <32 x float>)* @svm_rg, !"svm_rg", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 0, i32 0, i32 0}
!2 = !{i32 128, i32 192, i32 320}
!3 = !{i32 0, i32 0, i32 0}
!4 = !{!"svmptr_t", !"", !""}
