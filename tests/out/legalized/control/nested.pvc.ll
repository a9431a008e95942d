define dllexport void @nested(i32 %arg0, i32 %arg1, i32 %arg2) {
bb0:
  %v0 = call i32 @llvm.genx.group.id.x.i32()
  %v1 = shl i32 %v0, 2
  br label %bb1
bb1:
  %v2 = phi i32 [ 0, %bb0 ], [ %v14, %bb2 ]
  %v3 = phi <16 x float> [ <float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000>, %bb0 ], [ %v13, %bb2 ]
  %v4 = mul i32 %v2, 64
  %v5 = add i32 %v4, %v1
  %v6 = call <16 x float> @llvm.genx.oword.ld.v16f32(i32 0, i32 %arg0, i32 %v5)
  br label %bb2
bb2:
  %v8 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %v6, <16 x float> <float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000>, <16 x float> %v3)
  %v9 = fadd <16 x float> %v8, %v6
  %v11 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %v6, <16 x float> <float 0x4000000000000000, float 0x4000000000000000, float 0x4000000000000000, float 0x4000000000000000, float 0x4000000000000000, float 0x4000000000000000, float 0x4000000000000000, float 0x4000000000000000, float 0x4000000000000000, float 0x4000000000000000, float 0x4000000000000000, float 0x4000000000000000, float 0x4000000000000000, float 0x4000000000000000, float 0x4000000000000000, float 0x4000000000000000>, <16 x float> %v9)
  %v13 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %v6, <16 x float> <float 0x4008000000000000, float 0x4008000000000000, float 0x4008000000000000, float 0x4008000000000000, float 0x4008000000000000, float 0x4008000000000000, float 0x4008000000000000, float 0x4008000000000000, float 0x4008000000000000, float 0x4008000000000000, float 0x4008000000000000, float 0x4008000000000000, float 0x4008000000000000, float 0x4008000000000000, float 0x4008000000000000, float 0x4008000000000000>, <16 x float> %v11)
  %v14 = add i32 %v2, 1
  %v15 = icmp slt i32 %v14, %arg2
  br i1 %v15, label %bb1, label %bb3
bb3:
  call void @llvm.genx.oword.st.v16f32(i32 %arg1, i32 %v1, <16 x float> %v13)
  ret void
}

declare <16 x float> @llvm.fmuladd.v16f32(<16 x float>, <16 x float>, <16 x float>)
declare i32 @llvm.genx.group.id.x.i32()
declare <16 x float> @llvm.genx.oword.ld.v16f32(i32, i32, i32)
declare void @llvm.genx.oword.st.v16f32(i32, i32, <16 x float>)

!genx.kernels = !{!0}
!0 = !{void (i32, i32, i32)* @nested, !"nested", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2, i32 2, i32 0}
!2 = !{i32 128, i32 132, i32 136}
!3 = !{i32 0, i32 0, i32 0}
!4 = !{!"buffer_t read_only", !"buffer_t write_only", !""}
