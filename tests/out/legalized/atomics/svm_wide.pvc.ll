define dllexport void @svm_wide(i64 %arg0, i64 %arg1, <4 x i64> %arg2, <8 x i64> %arg3) {
bb0:
  %v0 = call <4 x i64> @llvm.genx.svm.atomic.add.v4i64.v4i1.v4i64.v4i64.v4i64(<4 x i1> <i1 true, i1 true, i1 true, i1 true>, <4 x i64> %arg2, <4 x i64> <i64 4294967296, i64 1, i64 2, i64 3>, <4 x i64> undef)
  %v1 = call <4 x i64> @llvm.genx.svm.atomic.cmpxchg.v4i64.v4i1.v4i64.v4i64.v4i64.v4i64(<4 x i1> <i1 true, i1 true, i1 true, i1 true>, <4 x i64> %arg2, <4 x i64> %v0, <4 x i64> <i64 0, i64 0, i64 0, i64 0>, <4 x i64> undef)
  call void @llvm.genx.svm.block.st.i64.v4i64(i64 %arg0, <4 x i64> %v1)
  %v3 = call <8 x float> @llvm.genx.svm.atomic.fmin.v8f32.v8i1.v8i64.v8f32.v8f32(<8 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, <8 x i64> %arg3, <8 x float> <float 0x0000000000000000, float 0x3FF0000000000000, float 0x4000000000000000, float 0x4008000000000000, float 0x4010000000000000, float 0x4014000000000000, float 0x4018000000000000, float 0x401C000000000000>, <8 x float> undef)
  %v4 = call <8 x float> @llvm.genx.svm.atomic.fmax.v8f32.v8i1.v8i64.v8f32.v8f32(<8 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, <8 x i64> %arg3, <8 x float> %v3, <8 x float> undef)
  %v5 = call <8 x float> @llvm.genx.svm.atomic.fcmpwr.v8f32.v8i1.v8i64.v8f32.v8f32.v8f32(<8 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, <8 x i64> %arg3, <8 x float> %v4, <8 x float> %v3, <8 x float> undef)
  call void @llvm.genx.svm.block.st.i64.v8f32(i64 %arg1, <8 x float> %v5)
  ret void
}

declare <4 x i64> @llvm.genx.svm.atomic.add.v4i64.v4i1.v4i64.v4i64.v4i64(<4 x i1>, <4 x i64>, <4 x i64>, <4 x i64>)
declare <4 x i64> @llvm.genx.svm.atomic.cmpxchg.v4i64.v4i1.v4i64.v4i64.v4i64.v4i64(<4 x i1>, <4 x i64>, <4 x i64>, <4 x i64>, <4 x i64>)
declare <8 x float> @llvm.genx.svm.atomic.fcmpwr.v8f32.v8i1.v8i64.v8f32.v8f32.v8f32(<8 x i1>, <8 x i64>, <8 x float>, <8 x float>, <8 x float>)
declare <8 x float> @llvm.genx.svm.atomic.fmax.v8f32.v8i1.v8i64.v8f32.v8f32(<8 x i1>, <8 x i64>, <8 x float>, <8 x float>)
declare <8 x float> @llvm.genx.svm.atomic.fmin.v8f32.v8i1.v8i64.v8f32.v8f32(<8 x i1>, <8 x i64>, <8 x float>, <8 x float>)
declare void @llvm.genx.svm.block.st.i64.v4i64(i64, <4 x i64>)
declare void @llvm.genx.svm.block.st.i64.v8f32(i64, <8 x float>)

!genx.kernels = !{!0}
!0 = !{void (i64, i64, <4 x i64>, <8 x i64>)* @svm_wide, !"svm_wide", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 0, i32 0, i32 0, i32 0}
!2 = !{i32 128, i32 136, i32 144, i32 192}
!3 = !{i32 0, i32 0, i32 0, i32 0}
!4 = !{!"svmptr_t", !"svmptr_t", !"", !""}
