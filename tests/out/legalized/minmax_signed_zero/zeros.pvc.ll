define dllexport void @zeros(i32 %arg0, i32 %arg1) {
bb0:
  %v0 = call i32 @llvm.genx.group.id.x.i32()
  %v1 = shl i32 %v0, 1
  %v2 = call <8 x float> @llvm.genx.oword.ld.v8f32(i32 0, i32 %arg0, i32 %v1)
  %v3 = fmul <8 x float> %v2, <float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000>
  %v4 = fneg <8 x float> %v3
  %v5 = call <8 x float> @llvm.genx.fmax.v8f32.v8f32.v8f32(<8 x float> %v3, <8 x float> %v4)
  %v6 = call <8 x float> @llvm.genx.fmax.v8f32.v8f32.v8f32(<8 x float> %v4, <8 x float> %v3)
  %v7 = call <8 x float> @llvm.genx.fmin.v8f32.v8f32.v8f32(<8 x float> %v3, <8 x float> %v4)
  %v8 = call <8 x float> @llvm.genx.fmin.v8f32.v8f32.v8f32(<8 x float> %v4, <8 x float> %v3)
  %v9 = bitcast <8 x float> %v5 to <8 x i32>
  %v10 = bitcast <8 x float> %v6 to <8 x i32>
  %v11 = bitcast <8 x float> %v7 to <8 x i32>
  %v12 = bitcast <8 x float> %v8 to <8 x i32>
  %v13 = shl i32 %v0, 3
  %v14 = add i32 %v13, 2
  %v15 = add i32 %v13, 4
  %v16 = add i32 %v13, 6
  call void @llvm.genx.oword.st.v8i32(i32 %arg1, i32 %v13, <8 x i32> %v9)
  call void @llvm.genx.oword.st.v8i32(i32 %arg1, i32 %v14, <8 x i32> %v10)
  call void @llvm.genx.oword.st.v8i32(i32 %arg1, i32 %v15, <8 x i32> %v11)
  call void @llvm.genx.oword.st.v8i32(i32 %arg1, i32 %v16, <8 x i32> %v12)
  ret void
}

declare <8 x float> @llvm.genx.fmax.v8f32.v8f32.v8f32(<8 x float>, <8 x float>)
declare <8 x float> @llvm.genx.fmin.v8f32.v8f32.v8f32(<8 x float>, <8 x float>)
declare i32 @llvm.genx.group.id.x.i32()
declare <8 x float> @llvm.genx.oword.ld.v8f32(i32, i32, i32)
declare void @llvm.genx.oword.st.v8i32(i32, i32, <8 x i32>)

!genx.kernels = !{!0}
!0 = !{void (i32, i32)* @zeros, !"zeros", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2, i32 2}
!2 = !{i32 128, i32 132}
!3 = !{i32 0, i32 0}
!4 = !{!"buffer_t read_only", !"buffer_t write_only"}
